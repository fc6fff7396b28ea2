import { Typography } from 'antd';
import type { AdminPaymentAttentionEvent, PaymentAttentionKind } from '@shop/contracts';
import { useAppSelector } from '../../../app/hooks';
import { paymentAttentionKey, paymentAttentionNoticeShown } from './adminOrders.slice';
import { useOrderNotifications, type OrderNotification } from './useOrderNotifications';

const ATTENTION_TITLES: Record<PaymentAttentionKind, string> = {
  amountMismatch: 'Wrong amount paid',
  refundDue: 'Refund due',
  outcomeUnknown: 'Payment outcome unknown',
};

/** Money is at stake: the notification stays until the admin closes it or opens the order. */
function presentAttention(notice: AdminPaymentAttentionEvent): OrderNotification {
  return {
    key: paymentAttentionKey(notice),
    type: 'warning',
    title: ATTENTION_TITLES[notice.kind],
    role: 'alert',
    duration: false,
    text: <Typography.Text>{notice.message}</Typography.Text>,
  };
}

const shownAttention = (notice: AdminPaymentAttentionEvent) => paymentAttentionNoticeShown(paymentAttentionKey(notice));

/** Announces each payment the socket says needs a person (`admin:payment-attention`), on any admin screen, beside NewOrderNotifier. */
export function PaymentAttentionNotifier() {
  useOrderNotifications(
    useAppSelector((state) => state.adminOrders.paymentAttentionNotices),
    presentAttention,
    shownAttention,
  );
  return null;
}
