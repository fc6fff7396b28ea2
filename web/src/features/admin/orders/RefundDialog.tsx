import { Form, Typography } from 'antd';
import { formatKes, MESSAGES, PAYMENT_METHOD_LABELS, type Order } from '@shop/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { refundsThroughPaypal } from './admin-order-moves';
import { refundRequested } from './adminOrders.slice';
import { withNote } from './order-action-fields';
import { OrderActionDialog } from './OrderActionDialog';
import { ReferenceAndNoteFields } from './ReferenceAndNoteFields';

interface RefundFields {
  reference: string;
  note?: string;
}

/** The refund the admin sent by hand (M-Pesa, a bank): they send it first, then name it here. */
function SentRefundDialog({ order, amount }: { order: Order; amount: string }) {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<RefundFields>();
  const paidBy = order.offlinePayment ? 'the way they paid' : PAYMENT_METHOD_LABELS[order.paymentMethod];
  return (
    <OrderActionDialog<RefundFields>
      kind="refund"
      title={`Refund order #${order.id}`}
      okText="Record refund"
      form={{
        instance: form,
        onFinish: ({ reference, note }) =>
          dispatch(refundRequested({ orderId: order.id, refund: withNote({ reference: reference.trim() }, note) })),
      }}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Send {amount} back to the shopper ({paidBy}), then enter the reference of the refund you sent.
      </Typography.Paragraph>
      <ReferenceAndNoteFields label="Refund reference" requiredMessage={MESSAGES.orders.refundReferenceRequired} />
    </OrderActionDialog>
  );
}

/** Refund: what the shop owes the order's shopper goes back, through PayPal's api or by a refund the admin sent. */
export function RefundDialog({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const amount = formatKes(order.refundDue ?? 0);
  if (!refundsThroughPaypal(order)) return <SentRefundDialog order={order} amount={amount} />;
  return (
    <OrderActionDialog
      kind="refund"
      title={`Refund order #${order.id}`}
      okText="Refund"
      onConfirm={() => dispatch(refundRequested({ orderId: order.id, refund: {} }))}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>Refund {amount} to the shopper&apos;s PayPal?</Typography.Paragraph>
    </OrderActionDialog>
  );
}
