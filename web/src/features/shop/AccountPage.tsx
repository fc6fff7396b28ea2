import '../../styles/antd/checkout.css';
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { Heading } from '../../components/Heading';
import { accountTabOf, searchForTab, type AccountTab } from '../account/account-tabs';
import { ProfileTab } from '../account/ProfileTab';
import { AddressManager } from '../addresses/AddressManager';
import { AccountOrders } from '../orders/AccountOrders';

/**
 * /shop/account (docs/product.md, Web routes): the orders (the default tab), the saved delivery addresses and the
 * profile. The address names the tab (`?tab=profile`), and a message about an order links to its
 * details (`?order=<id>`, ROUTES.shopAccountOrder).
 */
export function AccountPage() {
  const [search, setSearch] = useSearchParams();

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
