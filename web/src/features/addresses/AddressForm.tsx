import { Button, Card, Col, Flex, Form, Input, Row, Select, theme, Typography } from 'antd';
import { useState } from 'react';
import { formatKes, LIMITS, MESSAGES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { hasRequiredFields, locationsOf, phoneLooksWrong, subCountiesOf, type PlaceField, type TextField } from './address-form';
import { addressFormReset, addressPlaceChosen, addressSubmitted, addressTextChanged } from './addresses.slice';

const FIELD_IDS = {
  county: 'address-county',
  subCounty: 'address-sub-county',
  location: 'address-location',
  specificAddress: 'address-specific',
  phone: 'address-phone',
  notes: 'address-notes',
} as const;

function optionsOf(places: readonly { name: string }[]) {
  return places.map((place) => ({ value: place.name, label: place.name }));
}

/**
 * The address add and edit form: county, sub-county and location cascade from the zone table the
 * api serves; the fee shown is the table's for the chosen location (the server prices it again).
 */
export function AddressForm() {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const { draft, editingId, isSaving, zones, zonesLoading } = useAppSelector((state) => state.addresses);
  // Only a hint, shown once the shopper has left the field: the server decides what a valid number is.
  const [phoneLeft, setPhoneLeft] = useState(false);
  const isEditing = editingId !== null;
  const showPhoneHint = phoneLeft && phoneLooksWrong(draft.phone);

  const choose = (field: PlaceField) => (value: string) => dispatch(addressPlaceChosen({ field, value }));
  const type = (field: TextField) => (event: { target: { value: string } }) =>
    dispatch(addressTextChanged({ field, value: event.target.value }));
  const placeSelect = (field: PlaceField, options: { value: string; label: string }[], placeholder: string, disabled: boolean) => (
    <Select
      id={FIELD_IDS[field]}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      value={draft[field] === '' ? undefined : draft[field]}
      placeholder={placeholder}
      disabled={disabled}
      loading={zonesLoading}
      onChange={choose(field)}
    />
  );

  return (
    <Card type="inner" title={isEditing ? 'Edit address' : 'Add a new address'}>
      <Form
        layout="vertical"
        requiredMark
        onFinish={() => {
          setPhoneLeft(false);
          dispatch(addressSubmitted());
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label="County" htmlFor={FIELD_IDS.county} required>
              {placeSelect('county', optionsOf(zones), 'Choose a county', false)}
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Sub-county" htmlFor={FIELD_IDS.subCounty} required>
              {placeSelect('subCounty', optionsOf(subCountiesOf(zones, draft.county)), 'Choose a sub-county', draft.county === '')}
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Location" htmlFor={FIELD_IDS.location} required>
              {placeSelect(
                'location',
                optionsOf(locationsOf(zones, draft.county, draft.subCounty)),
                'Choose a location',
                draft.subCounty === '',
              )}
            </Form.Item>
          </Col>
        </Row>
        <Flex
          justify="space-between"
          align="center"
          style={{
            marginBottom: token.marginMD,
            padding: `${token.paddingXS}px ${token.paddingSM}px`,
            background: token.colorFillQuaternary,
            borderRadius: token.borderRadius,
          }}
        >
          <Typography.Text type="secondary">Delivery fee</Typography.Text>
          <Typography.Text strong data-testid="address-form-fee" aria-live="polite">
            {draft.deliveryFee === null ? 'Choose a location' : formatKes(draft.deliveryFee)}
          </Typography.Text>
        </Flex>
        <Form.Item label="Specific address" htmlFor={FIELD_IDS.specificAddress} required>
          <Input
            id={FIELD_IDS.specificAddress}
            value={draft.specificAddress}
            onChange={type('specificAddress')}
            maxLength={LIMITS.specificAddressMaxLength}
            placeholder="Building, street, house number"
            autoComplete="street-address"
          />
        </Form.Item>
        <Form.Item
          label="Phone"
          htmlFor={FIELD_IDS.phone}
          required
          validateStatus={showPhoneHint ? 'warning' : undefined}
          help={showPhoneHint ? MESSAGES.address.invalidPhone : undefined}
        >
          <Input
            id={FIELD_IDS.phone}
            value={draft.phone}
            onChange={type('phone')}
            onBlur={() => setPhoneLeft(true)}
            placeholder="e.g. 0712 345 678"
            inputMode="tel"
            autoComplete="tel"
          />
        </Form.Item>
        <Form.Item label="Notes" htmlFor={FIELD_IDS.notes}>
          <Input.TextArea
            id={FIELD_IDS.notes}
            value={draft.notes}
            onChange={type('notes')}
            maxLength={LIMITS.addressNotesMaxLength}
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder="Optional: landmarks, gate colour, best time to call"
          />
        </Form.Item>
        <Flex gap={token.marginSM} wrap>
          <Button type="primary" htmlType="submit" loading={isSaving} disabled={!hasRequiredFields(draft)}>
            {isEditing ? MESSAGES.address.update : MESSAGES.address.add}
          </Button>
          {isEditing && (
            <Button onClick={() => dispatch(addressFormReset())} disabled={isSaving}>
              Cancel
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
