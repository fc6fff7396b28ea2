import type { NotificationKind, NotificationRecord, NotificationState } from '@shop/contracts';
import { formatKenyanMobile, kenyanMobileNumber } from '@shop/contracts/phone';

/** What each message was about, in the admin's words. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  orderPaid: 'Order confirmed and paid',
  paymentFailed: 'Payment failed',
  orderExpired: 'Order expired unpaid',
  orderShipped: 'Order shipped',
  orderDelivered: 'Order delivered',
  orderCancelled: 'Order cancelled',
  orderRefunded: 'Refund sent',
  shopOrderPaid: 'New paid order (to the shop)',
  shopLowStock: 'Low stock (to the shop)',
};

export const NOTIFICATION_STATE_LABELS: Record<NotificationState, string> = {
  pending: 'Waiting to send',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** antd's Tag colours: a failed message stands out, one still on its way is in progress. */
export const NOTIFICATION_STATE_COLOURS: Record<NotificationState, string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'success',
  failed: 'error',
};

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationRecord['channel'], string> = { sms: 'SMS', email: 'E-mail' };

/** An SMS's number as Kenyans read it (the provider is given +254…); an e-mail address as it is. */
export function recipientText(record: Pick<NotificationRecord, 'channel' | 'recipient'>): string {
  if (record.channel !== 'sms') return record.recipient;
  const stored = kenyanMobileNumber(record.recipient);
  return stored === null ? record.recipient : formatKenyanMobile(stored);
}

/** Africa's Talking's delivery report of an SMS: its status and why it failed; null until one came (and always for e-mail). */
export function deliveryReportText(record: Pick<NotificationRecord, 'deliveryStatus' | 'deliveryFailureReason'>): string | null {
  if (record.deliveryStatus === null) return null;
  return record.deliveryFailureReason ? `${record.deliveryStatus}: ${record.deliveryFailureReason}` : record.deliveryStatus;
}
