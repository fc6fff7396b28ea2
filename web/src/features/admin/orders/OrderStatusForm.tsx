import { Button, Flex, Select, theme, Typography } from 'antd';
import { useState } from 'react';
import { CLOSED_ORDER_STATUSES, ORDER_STATUS_LABELS, type Order, type OrderStatus } from '@shop/contracts';
import { isAwaitingPayment } from '../../orders/order-moves';
import { adminStatusChoices } from './admin-order-moves';
import { useUpdateOrderStatusMutation } from './admin-orders.api';

/** Why the select offers so little: said under it, so the admin knows where the other moves are. */
function choicesNote(order: Order): string | null {
  if (CLOSED_ORDER_STATUSES.includes(order.orderStatus)) return 'A closed order moves on only once revived.';
  if (order.orderStatus === 'delivered') return 'A delivered order is final.';
  if (isAwaitingPayment(order)) return 'This order is not paid: record its payment to confirm it, or reject it.';
  return null;
}

/** The admin's status choice (docs/product.md, Admin): the moves the transition table allows from where the order stands, saved with one button. */
export function OrderStatusForm({ order }: { order: Order }) {
  const { token } = theme.useToken();
  // Null until the admin picks one: the select shows the current status.
  const [chosenStatus, setChosenStatus] = useState<OrderStatus | null>(null);
  const [updateStatus, { isLoading: isSaving }] = useUpdateOrderStatusMutation();
  const choices = adminStatusChoices(order);
  // The current status heads the list, not choosable, so that the select reads where the order stands.
  const options = [
    { value: order.orderStatus, label: `${ORDER_STATUS_LABELS[order.orderStatus]} (now)`, disabled: true },
    ...choices.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
  ];
  const shown = chosenStatus !== null && choices.includes(chosenStatus) ? chosenStatus : order.orderStatus;
  const changed = shown !== order.orderStatus;
  const note = choicesNote(order);

  async function save() {
    const outcome = await updateStatus({ orderId: order.id, orderStatus: shown });
    // A refusal was toasted; the choice stays for another try.
    if (!('error' in outcome)) setChosenStatus(null);
  }

  return (
    <Flex vertical gap={token.marginXS}>
      <Typography.Text strong id="order-status-label">
        Order Status
      </Typography.Text>
      <Flex gap={token.marginSM} wrap>
        <Select
          aria-labelledby="order-status-label"
          value={shown}
          options={options}
          onChange={setChosenStatus}
          style={{ minWidth: 200, flex: '1 1 200px' }}
          disabled={isSaving || choices.length === 0}
        />
        <Button type="primary" loading={isSaving} disabled={!changed} onClick={() => void save()}>
          Update Order Status
        </Button>
      </Flex>
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
    </Flex>
  );
}
