import { ROUTES } from '@shop/contracts';
import { linkedOrderId } from '../orders/order-link';

export const ACCOUNT_TABS = ['orders', 'address', 'profile'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** `?tab=profile` opens the Profile tab; the tab chosen is kept in the address, so a reload or a shared link shows it again. */
export const ACCOUNT_TAB_PARAM = 'tab';

/** The tab the account page's address asks for: an order's link (`?order=<id>`) wins, since its dialog lives on the Orders tab. */
export function accountTabOf(search: URLSearchParams): AccountTab {
  if (linkedOrderId(search) !== null) return 'orders';
  const asked = search.get(ACCOUNT_TAB_PARAM);
  return ACCOUNT_TABS.find((tab) => tab === asked) ?? 'orders';
}

/** The address of another tab: the Orders tab is the page's default, so its address stays bare. */
export function searchForTab(search: URLSearchParams, tab: AccountTab): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === 'orders') next.delete(ACCOUNT_TAB_PARAM);
  else next.set(ACCOUNT_TAB_PARAM, tab);
  return next;
}

/** The account page opened on one tab, e.g. the Profile tab from the page a verification link opened. */
export function accountTabLink(tab: AccountTab): string {
  const search = searchForTab(new URLSearchParams(), tab).toString();
  return search === '' ? ROUTES.shopAccount : `${ROUTES.shopAccount}?${search}`;
}
