import { ComingSoon } from '../../components/ComingSoon';

export function AccountPage() {
  return <ComingSoon title="Your account is coming soon" detail="Your orders and your delivery addresses will be listed here." />;
}
