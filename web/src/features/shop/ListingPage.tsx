import { ComingSoon } from '../../components/ComingSoon';

export function ListingPage() {
  return <ComingSoon title="Products are coming soon" detail="Browsing toys by category, with filters and sorting, arrives with the catalogue release." />;
}
