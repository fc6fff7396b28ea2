import { LOCALE, type MpesaAttemptState, type OrderStatus, type PaymentMethod, type PaymentStatus } from '@shop/contracts';

/** The shop is in Nairobi: an order placed at 01:30 there is dated that day, whatever the browser's zone. */
const orderDateFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' });
const orderTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });

/** Spec §9: an order's date is shown as its date part only. */
export function formatOrderDate(iso: string): string {
  return orderDateFormat.format(new Date(iso));
}

/** When a status changed: the history needs the time as well. */
export function formatOrderTime(iso: string): string {
  return orderTimeFormat.format(new Date(iso));
}

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { mpesa: 'M-Pesa', paypal: 'PayPal' };

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  unknown: 'Outcome unknown',
};

/** One STK push as the admin reads it while checking an order by hand (libs/contracts MPESA_ATTEMPT_STATES). */
export const MPESA_ATTEMPT_STATE_LABELS: Record<MpesaAttemptState, string> = {
  sending: 'Sending',
  pushed: 'Pushed',
  notPushed: 'Not pushed',
  settled: 'Settled',
  unknown: 'Outcome unknown',
};

/** Spec §2's badge: green for confirmed, red for rejected, black for every other status. */
export type OrderStatusTone = 'confirmed' | 'rejected' | 'other';

export function orderStatusTone(status: OrderStatus): OrderStatusTone {
  if (status === 'confirmed' || status === 'rejected') return status;
  return 'other';
}
