import { MESSAGES, ROUTES } from '@shop/contracts';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

export function PaymentSuccessPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={MESSAGES.checkout.paymentSuccessful}
      extra={
        <Button type="primary" onClick={() => navigate(ROUTES.shopAccount)}>
          View Orders
        </Button>
      }
    />
  );
}
