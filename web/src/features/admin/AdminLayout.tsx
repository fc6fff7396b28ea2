import { DashboardOutlined, LogoutOutlined, MenuOutlined, OrderedListOutlined, PictureOutlined, ShoppingOutlined } from '@ant-design/icons';
import { ROUTES } from '@shop/contracts';
import { Button, Drawer, Flex, Grid, Layout, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { ShopLogo } from '../../components/ShopLogo';
import { logoutRequested } from '../auth/auth.slice';

const SIDEBAR_ITEMS: MenuProps['items'] = [
  { key: ROUTES.adminDashboard, icon: <DashboardOutlined />, label: 'Dashboard' },
  { key: ROUTES.adminProducts, icon: <ShoppingOutlined />, label: 'Products' },
  { key: ROUTES.adminOrders, icon: <OrderedListOutlined />, label: 'Orders' },
  { key: ROUTES.adminFeatures, icon: <PictureOutlined />, label: 'Features' },
];

/** Sidebar fixed on large screens, a slide-out drawer below that; header with Logout (spec §2). */
export function AdminLayout() {
  const screens = Grid.useBreakpoint();
  const isLarge = screens.lg === true;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  const sidebarMenu = (
    <Menu
      mode="inline"
      items={SIDEBAR_ITEMS}
      selectedKeys={[location.pathname]}
      onClick={({ key }) => {
        setDrawerOpen(false);
        navigate(key);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isLarge && (
        <Layout.Sider width={240} theme="light" style={{ position: 'sticky', top: 0, height: '100vh' }}>
          <Flex align="center" style={{ height: 64, paddingInline: 24 }}>
            <ShopLogo suffix="Admin" />
          </Flex>
          {sidebarMenu}
        </Layout.Sider>
      )}
      {!isLarge && (
        <Drawer title={<ShopLogo suffix="Admin" />} placement="left" size={300} open={drawerOpen} onClose={() => setDrawerOpen(false)} styles={{ body: { padding: 8 } }}>
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
                <Button type="text" icon={<MenuOutlined />} aria-label="Open admin menu" onClick={() => setDrawerOpen(true)} />
                <ShopLogo />
              </Flex>
            )}
            <Button type="primary" icon={<LogoutOutlined />} onClick={() => dispatch(logoutRequested())}>
              Logout
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: isLarge ? 24 : 16 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
