import { ComingSoon } from '../../components/ComingSoon';

export function PaypalReturnPage() {
  return <ComingSoon title="PayPal payments are coming soon" detail="After approving a payment on PayPal you will land here while we confirm it." />;
}
