import { Button, Card, Flex, Result, Spin, theme } from 'antd';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES, ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Heading } from '../../components/Heading';
import { paymentViewLeft, paypalReturned } from '../payments/payments.slice';
import { paypalReturnOf } from '../payments/paypal-return';

/** Whatever the return page says is the page's one heading. */
const pageTitle = (text: string | null) => (
  <Heading level={1} look={3} style={{ margin: 0, textAlign: 'center' }}>
    {text}
  </Heading>
);

/**
 * /shop/paypal-return (docs/product.md, Payments): back from PayPal's page, the capture is asked for and followed
 * until the order is paid; back from PayPal's Cancel (`?cancelled=1`), the order is closed.
 */
export function PaypalReturnPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [search] = useSearchParams();
  const { paypalReturn, followed } = useAppSelector((state) => state.payments);

  useEffect(() => {
    dispatch(paypalReturned(paypalReturnOf(search)));
    return () => {
      dispatch(paymentViewLeft());
    };
  }, [dispatch, search]);

  const backToCheckout = (
    <Button type="primary" onClick={() => navigate(ROUTES.shopCheckout)}>
      Back to checkout
    </Button>
  );

  const waiting = (title: string) => (
    <Flex vertical align="center" gap={token.marginMD} style={{ padding: token.paddingXL }} aria-live="polite" aria-busy="true">
      <Spin size="large" />
      {pageTitle(title)}
    </Flex>
  );

  let content;
  if (paypalReturn.stage === 'cancelling') {
    content = waiting('Cancelling your order…');
  } else if (paypalReturn.stage === 'cancelled') {
    // With no order to close, the payer only hears that they cancelled: the order closes when its reservation ends.
    content = (
      <Result
        status="warning"
        title={pageTitle(paypalReturn.message ? MESSAGES.orders.cancelled : MESSAGES.payment.paypalCancelled)}
        subTitle={paypalReturn.message}
        extra={
          <Flex gap={token.marginSM} wrap justify="center">
            {backToCheckout}
            <Button onClick={() => navigate(ROUTES.shopHome)}>Continue shopping</Button>
          </Flex>
        }
      />
    );
  } else if (paypalReturn.stage === 'refused') {
    content = <Result status="error" title={pageTitle(paypalReturn.message)} extra={backToCheckout} />;
  } else if (followed?.outcome === 'paid') {
    return <Navigate to={ROUTES.shopPaymentSuccess} replace />;
  } else if (followed?.outcome === 'declined') {
    content = (
      <Result
        status="warning"
        title={pageTitle(MESSAGES.checkout.paymentFailedTitle)}
        subTitle={followed.reason}
        extra={
          followed.approvalUrl ? (
            <Button type="primary" href={followed.approvalUrl}>
              Choose another way to pay
            </Button>
          ) : (
            backToCheckout
          )
        }
      />
    );
  } else if (followed?.outcome === 'failed') {
    content = (
      <Result status="error" title={pageTitle(MESSAGES.checkout.paymentFailedTitle)} subTitle={followed.reason} extra={backToCheckout} />
    );
  } else {
    content = waiting(MESSAGES.checkout.processingPayment);
  }

  return <Card>{content}</Card>;
}
