import { Typography } from 'antd';
import { ORDER_STATUS_LABELS, revivedStatus, type Order } from '@shop/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { revivalOf } from './admin-order-moves';
import { orderReviveRequested } from './adminOrders.slice';
import { OrderActionDialog } from './OrderActionDialog';

/**
 * Revive: a closed order comes back (to its work when paid, to waiting for its money when not),
 * taking its units off the shelf again. The status named here is the one sent.
 */
export function ReviveDialog({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const to = revivalOf(order) ?? revivedStatus(order.paymentStatus);
  return (
    <OrderActionDialog
      kind="revive"
      title={`Revive order #${order.id}?`}
      okText="Revive"
      onConfirm={() => dispatch(orderReviveRequested({ orderId: order.id, orderStatus: to }))}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        It moves from {ORDER_STATUS_LABELS[order.orderStatus]} to {ORDER_STATUS_LABELS[to]}, and its units will be taken from the
        shop&apos;s stock again. If some are no longer there, the order stays {ORDER_STATUS_LABELS[order.orderStatus].toLowerCase()}.
      </Typography.Paragraph>
    </OrderActionDialog>
  );
}
