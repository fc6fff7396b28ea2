import '../../styles/antd/checkout.css';
import { Card, Tabs } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { Heading } from '../../components/Heading';
import { accountTabOf, searchForTab, type AccountTab } from '../account/account-tabs';
import { ProfileTab } from '../account/ProfileTab';
import { AddressManager } from '../addresses/AddressManager';
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
  const [search, setSearch] = useSearchParams();
  const linkedOrder = linkedOrderId(search);

  // The link opens the order's dialog once; the address then drops it, so the same link works again later.
  useEffect(() => {
    if (linkedOrder === null) return;
    dispatch(orderDialogOpened(linkedOrder));
    setSearch(withoutOrderLink, { replace: true });
  }, [dispatch, linkedOrder, setSearch]);

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
