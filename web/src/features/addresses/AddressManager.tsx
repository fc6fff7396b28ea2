import { Flex, theme, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { LIMITS } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Heading } from '../../components/Heading';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { addressesRequested, deliveryZonesRequested } from './addresses.slice';
import { AddressForm } from './AddressForm';
import { AddressList } from './AddressList';

interface AddressManagerProps {
  /** The checkout chooses a delivery address from the list; the account page only keeps the list. */
  selectable: boolean;
  cardsPerRow: 2 | 3;
  /** Shown between the saved addresses and the form: on a phone the checkout puts its summary and pay buttons there, before the long form. */
  beforeForm?: ReactNode;
}

/** Saved addresses and the form that adds and edits them, shared by the checkout and the account's Address tab. */
export function AddressManager({ selectable, cardsPerRow, beforeForm }: AddressManagerProps) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const { items, isLoading, error, zones, zonesLoading, zonesError, selectedAddressId } = useAppSelector((state) => state.addresses);
  const zonesMissing = zones.length === 0;

  useEffect(() => {
    dispatch(addressesRequested());
  }, [dispatch]);

  // The zone table changes only with a deploy: one load a visit is enough.
  useEffect(() => {
    if (zonesMissing) dispatch(deliveryZonesRequested());
  }, [dispatch, zonesMissing]);

  return (
    <Flex vertical gap={token.marginMD}>
      <Flex justify="space-between" align="baseline" gap={token.marginSM} wrap>
        <Heading level={2} look={4} style={{ margin: 0 }}>
          {selectable ? 'Delivery address' : 'Saved addresses'}
        </Heading>
        <Typography.Text type="secondary">
          {items.length} of {LIMITS.maxAddressesPerUser} saved
        </Typography.Text>
      </Flex>
      <LoadFailureAlert error={error} onRetry={() => dispatch(addressesRequested())} retrying={isLoading} />
      <AddressList
        addresses={items}
        isLoading={isLoading}
        selectable={selectable}
        selectedAddressId={selectedAddressId}
        cardsPerRow={cardsPerRow}
      />
      {beforeForm}
      <LoadFailureAlert error={zonesError} onRetry={() => dispatch(deliveryZonesRequested())} retrying={zonesLoading} />
      <AddressForm />
    </Flex>
  );
}
