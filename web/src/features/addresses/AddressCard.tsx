import { CheckCircleFilled, DeleteOutlined, EditOutlined, EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Radio, Tag, theme, Typography } from 'antd';
import type { MouseEvent } from 'react';
import { formatKes, MESSAGES, type Address } from '@shop/contracts';
import { formatKenyanMobile } from '@shop/contracts/phone';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { addressDeleteRequested, addressEditStarted, addressSelected } from './addresses.slice';

interface AddressCardProps {
  address: Address;
  /** On the checkout a card can be chosen as the delivery address; on the account page it cannot. */
  selectable: boolean;
  selected: boolean;
}

/** Clicks on the card's buttons (and in the delete confirmation, which React bubbles through here) must not choose the card. */
const keepClickInside = (event: MouseEvent) => event.stopPropagation();

/** One saved address: where it delivers, the phone, the notes and the fee, with edit, delete and (on checkout) a radio to choose it. */
export function AddressCard({ address, selectable, selected }: AddressCardProps) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const { editingId, deletingId, isSaving } = useAppSelector((state) => state.addresses);
  const isEditing = editingId === address.id;
  const choose = () => dispatch(addressSelected(address.id));

  return (
    <Card
      size="small"
      hoverable={selectable}
      onClick={selectable ? choose : undefined}
      data-testid="address-card"
      aria-current={isEditing ? 'true' : undefined}
      style={{
        height: '100%',
        cursor: selectable ? 'pointer' : undefined,
        borderColor: selected ? token.colorPrimary : isEditing ? token.colorPrimaryBorderHover : undefined,
        borderStyle: isEditing && !selected ? 'dashed' : undefined,
        boxShadow: selected ? `0 0 0 1px ${token.colorPrimary}` : undefined,
        background: selected ? token.colorPrimaryBg : undefined,
      }}
      styles={{ body: { height: '100%' } }}
    >
      <Flex vertical gap={token.marginXS} style={{ height: '100%' }}>
        <Flex justify="space-between" align="flex-start" gap={token.marginXS}>
          {selectable ? (
            <Radio value={address.id} onClick={keepClickInside}>
              <Typography.Text strong>{selected ? 'Delivering here' : 'Deliver here'}</Typography.Text>
            </Radio>
          ) : (
            <Typography.Text strong>
              <EnvironmentOutlined /> {address.location}
            </Typography.Text>
          )}
          <Flex gap={token.marginXXS} wrap justify="flex-end">
            {isEditing && (
              <Tag color="processing" style={{ marginInlineEnd: 0 }}>
                Editing
              </Tag>
            )}
            <Tag
              color={selected ? 'success' : 'default'}
              icon={selected ? <CheckCircleFilled /> : undefined}
              style={{ marginInlineEnd: 0 }}
            >
              {formatKes(address.deliveryFee)}
            </Tag>
          </Flex>
        </Flex>
        <Typography.Paragraph style={{ margin: 0 }}>{address.address}</Typography.Paragraph>
        <Typography.Text type="secondary">
          <PhoneOutlined /> {formatKenyanMobile(address.phone)}
        </Typography.Text>
        {address.notes !== '' && (
          <Typography.Text type="secondary" italic ellipsis={{ tooltip: address.notes }}>
            {address.notes}
          </Typography.Text>
        )}
        <Flex gap={token.marginXS} justify="flex-end" style={{ marginTop: 'auto' }} onClick={keepClickInside}>
          <Button
            size="small"
            icon={<EditOutlined />}
            disabled={isSaving}
            onClick={() => dispatch(addressEditStarted(address))}
            aria-label={`Edit address ${address.address}`}
          >
            Edit
          </Button>
          <Popconfirm
            title={MESSAGES.address.deleteConfirm}
            description={address.address}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => dispatch(addressDeleteRequested(address.id))}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              loading={deletingId === address.id}
              disabled={deletingId !== null && deletingId !== address.id}
              aria-label={`Delete address ${address.address}`}
            >
              Delete
            </Button>
          </Popconfirm>
        </Flex>
      </Flex>
    </Card>
  );
}
