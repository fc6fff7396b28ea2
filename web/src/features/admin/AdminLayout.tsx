import '../../styles/antd/admin.css';
import {
  ClusterOutlined,
  DashboardOutlined,
  LogoutOutlined,
  MenuOutlined,
  OrderedListOutlined,
  PictureOutlined,
  ShoppingOutlined,
} from '@ant-design/icons';
import { App, Badge, Button, Drawer, Flex, Layout, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useScreens } from '../../app/useScreens';
import { ShopLogo } from '../../components/ShopLogo';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';
import { logoutRequested } from '../auth/auth.slice';
import { TOAST_CONFIG } from '../notifications/toast-config';
import { NewOrderNotifier } from './orders/NewOrderNotifier';
import { PaymentAttentionNotifier } from './orders/PaymentAttentionNotifier';

const newOrdersText = (count: number) => `${count} new ${count === 1 ? 'order' : 'orders'}`;

/** 'Orders', with the count of orders paid since the admin last looked at them. */
function OrdersMenuLabel({ unseen }: { unseen: number }) {
  return (
    <Flex align="center" justify="space-between" gap="small">
      <span>Orders</span>
      <Badge count={unseen} overflowCount={99} aria-label={unseen > 0 ? newOrdersText(unseen) : undefined} />
    </Flex>
  );
}

function sidebarItems(unseenOrders: number): MenuProps['items'] {
  return [
    { key: ROUTES.adminDashboard, icon: <DashboardOutlined />, label: 'Dashboard' },
    { key: ROUTES.adminProducts, icon: <ShoppingOutlined />, label: 'Products' },
    { key: ROUTES.adminOrders, icon: <OrderedListOutlined />, label: <OrdersMenuLabel unseen={unseenOrders} /> },
    { key: ROUTES.adminFeatures, icon: <PictureOutlined />, label: 'Features' },
    { key: ROUTES.adminQueues, icon: <ClusterOutlined />, label: 'Queues' },
  ];
}

/** Sidebar fixed on large screens, a slide-out drawer below that; header with Logout (docs/product.md, Admin). */
export function AdminLayout() {
  const screens = useScreens();
  const isLarge = screens.lg === true;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const unseenOrders = useAppSelector((state) => state.adminOrders.unseenOrderIds.length);

  const sidebarMenu = (
    <nav aria-label="Admin sections">
      <Menu
        mode="inline"
        items={sidebarItems(unseenOrders)}
        selectedKeys={[location.pathname]}
        onClick={({ key }) => {
          setDrawerOpen(false);
          navigate(key);
        }}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );

  // The admin's confirmations and order notices come through antd's App hooks, which only the admin's chunk carries.
  return (
    <App notification={TOAST_CONFIG} component={false}>
      <Layout style={{ minHeight: '100vh' }}>
        <SkipLink />
        {isLarge && (
          <Layout.Sider width={240} theme="light" style={{ position: 'sticky', top: 0, height: '100vh' }}>
            <Flex align="center" style={{ height: 64, paddingInline: 24 }}>
              <ShopLogo suffix="Admin" />
            </Flex>
            {sidebarMenu}
          </Layout.Sider>
        )}
        {!isLarge && (
          <Drawer
            title={<ShopLogo suffix="Admin" />}
            placement="left"
            size={300}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            styles={{ body: { padding: 8 } }}
          >
            {sidebarMenu}
          </Drawer>
        )}
        <Layout>
          <Layout.Header>
            <Flex align="center" justify="space-between" style={{ height: '100%' }}>
              {isLarge ? (
                <span />
              ) : (
                <Flex align="center" gap="small">
                  {/* On a phone the menu is folded away: the new orders' count shows on the button that opens it. */}
                  <Badge count={unseenOrders} size="small" offset={[-4, 4]}>
                    <Button
                      type="text"
                      icon={<MenuOutlined />}
                      aria-label={unseenOrders > 0 ? `Open admin menu, ${newOrdersText(unseenOrders)}` : 'Open admin menu'}
                      onClick={() => setDrawerOpen(true)}
                    />
                  </Badge>
                  <ShopLogo />
                </Flex>
              )}
              <Button type="primary" icon={<LogoutOutlined />} onClick={() => dispatch(logoutRequested())}>
                Logout
              </Button>
            </Flex>
          </Layout.Header>
          <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ padding: isLarge ? 24 : 16 }}>
            <NewOrderNotifier />
            <PaymentAttentionNotifier />
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </App>
  );
}
