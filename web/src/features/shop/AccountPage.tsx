import { Card, Tabs, Typography } from 'antd';
import { AddressManager } from '../addresses/AddressManager';
import { AccountOrders } from '../orders/AccountOrders';

/** /shop/account (spec §2): the orders (the default tab) and the saved delivery addresses. */
export function AccountPage() {
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        My account
      </Typography.Title>
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
