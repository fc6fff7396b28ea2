import { useLocation, useNavigate } from 'react-router-dom';
import { SHOP_NAVIGATION } from '@shop/contracts';
import { storeListingFilters } from '../../catalogue/listing-filters';
import { activeNavigationId, navigationStep } from '../shop-navigation';

/** The header entry of the current page, and how to follow an entry (docs/product.md, Shop frame). */
export function useShopNavigation() {
  const location = useLocation();
  const navigate = useNavigate();

  const openEntry = (entryId: string) => {
    const entry = SHOP_NAVIGATION.find((candidate) => candidate.id === entryId);
    if (!entry) return;
    const step = navigationStep(entry, location.pathname);
    storeListingFilters(step.filters);
    navigate(step.to, { replace: step.replace });
  };

  return { activeEntryId: activeNavigationId(location.pathname, location.search), openEntry };
}
