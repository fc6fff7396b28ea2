import type { PaymentAttentionKind } from '@shop/contracts';
import { App, Flex, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paymentAttentionKey, paymentAttentionNoticeShown } from './adminOrders.slice';
import { OrderNoticeLink } from './OrderNoticeLink';

const ATTENTION_TITLES: Record<PaymentAttentionKind, string> = {
  amountMismatch: 'Wrong amount paid',
  refundDue: 'Refund due',
  outcomeUnknown: 'Payment outcome unknown',
};

/**
 * Announces each payment the socket says needs a person (`admin:payment-attention`), on any admin
 * screen, beside NewOrderNotifier. Money is at stake, so the notification stays until the admin
 * closes it or opens the order.
 */
export function PaymentAttentionNotifier() {
  const notices = useAppSelector((state) => state.adminOrders.paymentAttentionNotices);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { notification } = App.useApp();

  useEffect(() => {
    for (const notice of notices) {
      const key = paymentAttentionKey(notice);
      notification.open({
        key,
        type: 'warning',
        title: ATTENTION_TITLES[notice.kind],
        role: 'alert',
        duration: false,
        description: (
          <Flex vertical>
            <Typography.Text>{notice.message}</Typography.Text>
            <OrderNoticeLink
              orderId={notice.orderId}
              onOpen={(link) => {
                notification.destroy(key);
                navigate(link);
              }}
            />
          </Flex>
        ),
      });
      dispatch(paymentAttentionNoticeShown(key));
    }
  }, [notices, notification, navigate, dispatch]);

  return null;
}
