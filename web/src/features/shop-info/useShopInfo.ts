import type { ShopInfo } from '@shop/contracts';
import { messageOfFailure } from '../../app/shop.api';
import { useGetShopInfoQuery } from './shop-info.api';

/** The shop's contact details as a screen shows them. */
export interface ShopInfoView {
  info: ShopInfo | null;
  isLoading: boolean;
  /** Set once every try has failed: the contact strip then leaves the details out rather than show stale or made-up ones. */
  error: string | null;
}

/** The shop's contact details for a component that shows them; the screens that show them at once share one request. */
export function useShopInfo(): ShopInfoView {
  const { data, isLoading, error } = useGetShopInfoQuery();
  return { info: data ?? null, isLoading, error: messageOfFailure(error) };
}
