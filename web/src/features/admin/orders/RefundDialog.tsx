import { Form, Typography } from 'antd';
import { formatKes, MESSAGES, PAYMENT_METHOD_LABELS } from '@shop/contracts';
import { refundsThroughPaypal } from './admin-order-moves';
import { useRefundOrderMutation } from './admin-orders.api';
import { withNote } from './order-action-fields';
import { OrderActionDialog, type OrderActionProps } from './OrderActionDialog';
import { ReferenceAndNoteFields } from './ReferenceAndNoteFields';

interface RefundFields {
  reference: string;
  note?: string;
}

/** The refund the admin sent by hand (M-Pesa, a bank): they send it first, then name it here. */
function SentRefundDialog({ order, amount, ...place }: OrderActionProps & { amount: string }) {
  const [form] = Form.useForm<RefundFields>();
  const [refund, request] = useRefundOrderMutation();
  const paidBy = order.offlinePayment ? 'the way they paid' : PAYMENT_METHOD_LABELS[order.paymentMethod];
  return (
    <OrderActionDialog<RefundFields>
      {...place}
      request={request}
      title={`Refund order #${order.id}`}
      okText="Record refund"
      form={{
        instance: form,
        onFinish: ({ reference, note }) => refund({ orderId: order.id, refund: withNote({ reference: reference.trim() }, note) }),
      }}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Send {amount} back to the shopper ({paidBy}), then enter the reference of the refund you sent.
      </Typography.Paragraph>
      <ReferenceAndNoteFields label="Refund reference" requiredMessage={MESSAGES.orders.refundReferenceRequired} />
    </OrderActionDialog>
  );
}

/** Refund through PayPal's api: the money PayPal took goes back, needing no reference. */
function PaypalRefundDialog({ order, amount, ...place }: OrderActionProps & { amount: string }) {
  const [refund, request] = useRefundOrderMutation();
  return (
    <OrderActionDialog
      {...place}
      request={request}
      title={`Refund order #${order.id}`}
      okText="Refund"
      onConfirm={() => refund({ orderId: order.id, refund: {} })}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>Refund {amount} to the shopper&apos;s PayPal?</Typography.Paragraph>
    </OrderActionDialog>
  );
}

/** Refund: what the shop owes the order's shopper goes back, through PayPal's api or by a refund the admin sent. */
export function RefundDialog(props: OrderActionProps) {
  const amount = formatKes(props.order.refundDue ?? 0);
  return refundsThroughPaypal(props.order) ? (
    <PaypalRefundDialog {...props} amount={amount} />
  ) : (
    <SentRefundDialog {...props} amount={amount} />
  );
}
