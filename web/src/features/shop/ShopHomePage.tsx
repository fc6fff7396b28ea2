import { ComingSoon } from '../../components/ComingSoon';

export function ShopHomePage() {
  return <ComingSoon title="Toys are coming soon" detail="The home page, with featured toys, the categories to shop by and our offers, arrives next." />;
}
