import { ComingSoon } from '../../components/ComingSoon';

export function CheckoutPage() {
  return <ComingSoon title="Checkout is coming soon" detail="Choosing a delivery address and paying with M-Pesa or PayPal arrives with the checkout release." />;
}
