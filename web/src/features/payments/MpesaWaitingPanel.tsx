import { MESSAGES, ROUTES } from '@shop/contracts';
import { Button, Card, Flex, Result, Spin, Typography, theme } from 'antd';
import { Navigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { mpesaRetryRequested } from './payments.slice';

/** After the STK push: waits for the shopper's PIN, then goes on to the success page or says why it failed. */
export function MpesaWaitingPanel() {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const { followed, startingMethod } = useAppSelector((state) => state.payments);
  if (followed?.method !== 'mpesa') return null;

  if (followed.outcome === 'paid') return <Navigate to={ROUTES.shopPaymentSuccess} replace />;

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
        <Typography.Text type="secondary">Order #{followed.orderId} · this page moves on by itself once M-Pesa confirms.</Typography.Text>
      </Flex>
    </Card>
  );
}
