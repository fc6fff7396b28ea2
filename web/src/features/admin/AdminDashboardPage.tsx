import { ComingSoon } from '../../components/ComingSoon';
import { AdminPageHeading } from './AdminPageHeading';

export function AdminDashboardPage() {
  return (
    <>
      <AdminPageHeading>Dashboard</AdminPageHeading>
      <ComingSoon title="The dashboard is coming soon" detail="Today's orders, payments and low-stock toys at a glance will appear here." />
    </>
  );
}
