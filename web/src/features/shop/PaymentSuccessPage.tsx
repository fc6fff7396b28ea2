import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, ROUTES } from '@shop/contracts';
import { Heading } from '../../components/Heading';

export function PaymentSuccessPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={
        <Heading level={1} look={3} style={{ margin: 0 }}>
          {MESSAGES.checkout.paymentSuccessful}
        </Heading>
      }
      extra={
        <Button type="primary" onClick={() => navigate(ROUTES.shopAccount)}>
          View Orders
        </Button>
      }
    />
  );
}
