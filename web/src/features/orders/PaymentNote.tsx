import { Alert } from 'antd';
import { MESSAGES, type Order } from '@shop/contracts';

/** What the shopper reads about an order's payment: that its outcome is not known yet, or why it failed. */
export function PaymentNote({ order }: { order: Order }) {
  const note = order.paymentStatus === 'unknown' ? MESSAGES.payment.outcomeUnknown : order.paymentFailureReason;
  return note ? <Alert type="warning" showIcon title={note} /> : null;
}
