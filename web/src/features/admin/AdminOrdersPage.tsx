import { ComingSoon } from '../../components/ComingSoon';
import { AdminPageHeading } from './AdminPageHeading';

export function AdminOrdersPage() {
  return (
    <>
      <AdminPageHeading>All Orders</AdminPageHeading>
      <ComingSoon title="Orders are coming soon" detail="Every order with its payment and delivery status, updated live, arrives with the order management release." />
    </>
  );
}
