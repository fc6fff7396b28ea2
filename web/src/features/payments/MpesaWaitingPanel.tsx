import { Button, Card, Flex, Result, Spin, theme, Typography } from 'antd';
import { Navigate, useNavigate } from 'react-router-dom';
import { MESSAGES, ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { mpesaRetryRequested } from './payments.slice';

/** Where a shopper whose payment may have gone through finds the order, instead of paying again. */
function MyOrdersButton() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(ROUTES.shopAccount)}>
      Go to My Orders
    </Button>
  );
}

/**
 * After the STK push: waits for the shopper's PIN, then goes on to the success page or says why it
 * failed. When the push may have reached the phone without the shop knowing (no answer to the
 * start, or an outcome M-Pesa could not tell), it points to My Orders and offers no second push.
 */
export function MpesaWaitingPanel() {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const { followed, startingMethod, mpesaStartDoubt } = useAppSelector((state) => state.payments);

  if (mpesaStartDoubt === 'start') {
    return (
      <Card size="small" data-testid="mpesa-waiting-panel">
        <Result
          status="warning"
          title={MESSAGES.checkout.mpesaStartUnconfirmed}
          style={{ padding: token.paddingSM }}
          extra={<MyOrdersButton />}
        />
      </Card>
    );
  }

  if (followed?.method !== 'mpesa') return null;

  if (followed.outcome === 'paid') return <Navigate to={ROUTES.shopPaymentSuccess} replace />;

  if (followed.outcome === 'unknown') {
    return (
      <Card size="small" data-testid="mpesa-waiting-panel">
        <Result
          status="warning"
          title={followed.reason ?? MESSAGES.payment.outcomeUnknown}
          subTitle={`Order #${followed.orderId}`}
          style={{ padding: token.paddingSM }}
          extra={<MyOrdersButton />}
        />
      </Card>
    );
  }

  if (followed.outcome === 'failed') {
    return (
      <Card size="small" data-testid="mpesa-waiting-panel">
        <Result
          status="error"
          title={MESSAGES.checkout.paymentFailedTitle}
          subTitle={followed.reason ?? undefined}
          style={{ padding: token.paddingSM }}
          extra={
            <Button type="primary" loading={startingMethod === 'mpesa'} onClick={() => dispatch(mpesaRetryRequested())}>
              Try again
            </Button>
          }
        />
      </Card>
    );
  }

  return (
    <Card size="small" data-testid="mpesa-waiting-panel" aria-live="polite" aria-busy="true">
      <Flex vertical align="center" gap={token.marginSM} style={{ padding: token.paddingSM, textAlign: 'center' }}>
        <Spin size="large" />
        <Typography.Text strong style={{ fontSize: token.fontSizeLG }}>
          {MESSAGES.checkout.waitingForPhone}
        </Typography.Text>
        {mpesaStartDoubt === 'push' && <Typography.Text type="warning">{MESSAGES.checkout.mpesaPushUnconfirmed}</Typography.Text>}
        <Typography.Text type="secondary">Order #{followed.orderId} · this page moves on by itself once M-Pesa confirms.</Typography.Text>
      </Flex>
    </Card>
  );
}
