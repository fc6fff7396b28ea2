import { Card, Tabs } from 'antd';
import { Heading } from '../../components/Heading';
import { AddressManager } from '../addresses/AddressManager';
import { AccountOrders } from '../orders/AccountOrders';

/** /shop/account (spec §2): the orders (the default tab) and the saved delivery addresses. */
export function AccountPage() {
  return (
    <Card>
      <Heading level={1} look={3} style={{ marginTop: 0 }}>
        My account
      </Heading>
      <Tabs
        defaultActiveKey="orders"
        destroyOnHidden
        items={[
          { key: 'orders', label: 'Orders', children: <AccountOrders /> },
          { key: 'address', label: 'Address', children: <AddressManager selectable={false} cardsPerRow={3} /> },
        ]}
      />
    </Card>
  );
}
