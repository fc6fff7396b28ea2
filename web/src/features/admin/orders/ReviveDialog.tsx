import { Typography } from 'antd';
import { ORDER_STATUS_LABELS, revivedStatus } from '@shop/contracts';
import { revivalOf } from './admin-order-moves';
import { useReviveOrderMutation } from './admin-orders.api';
import { OrderActionDialog, type OrderActionProps } from './OrderActionDialog';

/**
 * Revive: a closed order comes back (to its work when paid, to waiting for its money when not),
 * taking its units off the shelf again. The status named here is the one sent.
 */
export function ReviveDialog({ order, ...place }: OrderActionProps) {
  const [revive, request] = useReviveOrderMutation();
  const to = revivalOf(order) ?? revivedStatus(order.paymentStatus);
  return (
    <OrderActionDialog
      {...place}
      request={request}
      title={`Revive order #${order.id}?`}
      okText="Revive"
      onConfirm={() => revive({ orderId: order.id, orderStatus: to })}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        It moves from {ORDER_STATUS_LABELS[order.orderStatus]} to {ORDER_STATUS_LABELS[to]}, and its units will be taken from the
        shop&apos;s stock again. If some are no longer there, the order stays {ORDER_STATUS_LABELS[order.orderStatus].toLowerCase()}.
      </Typography.Paragraph>
    </OrderActionDialog>
  );
}
