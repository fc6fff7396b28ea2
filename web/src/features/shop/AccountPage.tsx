import { Card, Tabs } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Heading } from '../../components/Heading';
import { accountTabOf, searchForTab, type AccountTab } from '../account/account-tabs';
import { ProfileTab } from '../account/ProfileTab';
import { AddressManager } from '../addresses/AddressManager';
import { loggedOut } from '../auth/auth.slice';
import { AccountOrders } from '../orders/AccountOrders';
import { linkedOrderId, withoutOrderLink } from '../orders/order-link';
import { orderDialogOpened } from '../orders/orders.slice';

/**
 * /shop/account (docs/product.md, Web routes): the orders (the default tab), the saved delivery addresses and the
 * profile. The address names the tab (`?tab=profile`), and a message about an order links to its
 * details (`?order=<id>`, ROUTES.shopAccountOrder).
 */
export function AccountPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const isDeleted = useAppSelector((state) => state.account.isDeleted);
  const linkedOrder = linkedOrderId(search);

  // The link opens the order's dialog once; the address then drops it, so the same link works again later.
  useEffect(() => {
    if (linkedOrder === null) return;
    dispatch(orderDialogOpened(linkedOrder));
    setSearch(withoutOrderLink, { replace: true });
  }, [dispatch, linkedOrder, setSearch]);

  // A deleted account leaves for the shop's home first: signed out on this page, the guard would send a guest to sign in.
  useEffect(() => {
    if (!isDeleted) return;
    void (async () => {
      await navigate(ROUTES.shopHome, { replace: true, flushSync: true });
      dispatch(loggedOut());
    })();
  }, [dispatch, isDeleted, navigate]);

  return (
    <Card>
      <Heading level={1} look={3} style={{ marginTop: 0 }}>
        My account
      </Heading>
      <Tabs
        activeKey={accountTabOf(search)}
        onChange={(tab) => setSearch((current) => searchForTab(current, tab as AccountTab), { replace: true })}
        destroyOnHidden
        items={[
          { key: 'orders', label: 'Orders', children: <AccountOrders /> },
          { key: 'address', label: 'Address', children: <AddressManager selectable={false} cardsPerRow={3} /> },
          { key: 'profile', label: 'Profile', children: <ProfileTab /> },
        ]}
      />
    </Card>
  );
}
