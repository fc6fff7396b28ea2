import { LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { ROUTES, SHOP_NAVIGATION } from '@shop/contracts';
import { Avatar, Button, Drawer, Dropdown, Flex, Grid, Layout, Menu, theme, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { SHOP_NAME } from '../../app/brand';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ShopLogo } from '../../components/ShopLogo';
import { selectUser } from '../auth/auth.selectors';
import { logoutRequested } from '../auth/auth.slice';
import { activeNavigationId, navigationTarget } from './shop-navigation';

const NAVIGATION_ITEMS: MenuProps['items'] = SHOP_NAVIGATION.map((entry) => ({ key: entry.id, label: entry.label }));

function HomeLink() {
  return (
    <Link to={ROUTES.shopHome} aria-label={`${SHOP_NAME} home`}>
      <ShopLogo />
    </Link>
  );
}

function AccountMenu() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const name = user?.userName ?? '';

  const items: MenuProps['items'] = [
    { key: 'signed-in-as', type: 'group', label: `Logged in as ${name}` },
    { type: 'divider' },
    { key: 'account', icon: <UserOutlined />, label: 'Account' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'account') navigate(ROUTES.shopAccount);
    if (key === 'logout') dispatch(logoutRequested());
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" shape="circle" size="large" aria-label="Account menu" style={{ flexShrink: 0 }}>
        <Avatar style={{ backgroundColor: token.colorPrimary }}>{name.charAt(0).toUpperCase() || <UserOutlined />}</Avatar>
      </Button>
    </Dropdown>
  );
}

/** Shop frame: logo, category navigation (a drawer on phones) and the account menu (spec §2 shop header). */
export function ShopLayout() {
  const screens = Grid.useBreakpoint();
  const isLarge = screens.lg === true;
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const activeId = activeNavigationId(location.pathname, location.search);

  const onNavigate: MenuProps['onClick'] = ({ key }) => {
    const entry = SHOP_NAVIGATION.find((candidate) => candidate.id === key);
    setMenuOpen(false);
    if (entry) navigate(navigationTarget(entry));
  };
  const selectedKeys = activeId ? [activeId] : [];
  const { token } = theme.useToken();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ position: 'sticky', top: 0, zIndex: 10, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <Flex align="center" gap="middle" style={{ height: '100%' }}>
          {!isLarge && <Button type="text" icon={<MenuOutlined />} aria-label="Open shop menu" onClick={() => setMenuOpen(true)} />}
          <HomeLink />
          {isLarge ? (
            <Menu mode="horizontal" items={NAVIGATION_ITEMS} selectedKeys={selectedKeys} onClick={onNavigate} style={{ flex: 1, minWidth: 0, borderBottom: 'none' }} />
          ) : (
            <span style={{ flex: 1 }} />
          )}
          <AccountMenu />
        </Flex>
      </Layout.Header>
      {!isLarge && (
        <Drawer title={SHOP_NAME} placement="left" size={280} open={menuOpen} onClose={() => setMenuOpen(false)} styles={{ body: { padding: 8 } }}>
          <Menu mode="inline" items={NAVIGATION_ITEMS} selectedKeys={selectedKeys} onClick={onNavigate} style={{ borderInlineEnd: 'none' }} />
        </Drawer>
      )}
      <Layout.Content style={{ padding: screens.md ? 24 : 16 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
