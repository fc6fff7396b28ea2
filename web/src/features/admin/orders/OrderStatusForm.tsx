import { ADMIN_SELECTABLE_ORDER_STATUSES, ORDER_STATUS_LABELS, type Order } from '@shop/contracts';
import { Button, Flex, Select, Typography, theme } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { orderStatusChosen, orderStatusSaveRequested } from './adminOrders.slice';

const STATUS_OPTIONS = ADMIN_SELECTABLE_ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }));

/** The admin's status choice (spec §2): any of the listed statuses, saved with one button. */
export function OrderStatusForm({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const { chosenStatus, isSaving } = useAppSelector((state) => state.adminOrders);
  // Statuses only the shop sets (confirmed, cancelled) are not in the list: the select then starts empty.
  const current = ADMIN_SELECTABLE_ORDER_STATUSES.includes(order.orderStatus) ? order.orderStatus : undefined;
  const shown = chosenStatus ?? current;
  const changed = chosenStatus !== null && chosenStatus !== order.orderStatus;

  return (
    <Flex vertical gap={token.marginXS}>
      <Typography.Text strong id="order-status-label">
        Order Status
      </Typography.Text>
      <Flex gap={token.marginSM} wrap>
        <Select
          aria-labelledby="order-status-label"
          value={shown}
          placeholder="Choose a status"
          options={STATUS_OPTIONS}
          onChange={(status) => dispatch(orderStatusChosen(status))}
          style={{ minWidth: 200, flex: '1 1 200px' }}
          disabled={isSaving}
        />
        <Button type="primary" loading={isSaving} disabled={!changed} onClick={() => dispatch(orderStatusSaveRequested())}>
          Update Order Status
        </Button>
      </Flex>
    </Flex>
  );
}
