import { ComingSoon } from '../../components/ComingSoon';

export function SearchPage() {
  return <ComingSoon title="Search is coming soon" detail="Finding toys by keyword arrives with the catalogue release." />;
}
