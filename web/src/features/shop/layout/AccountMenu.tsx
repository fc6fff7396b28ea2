import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, theme, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../auth/auth.selectors';
import { logoutRequested } from '../../auth/auth.slice';

/** The avatar with 'Logged in as {name}', Account and Logout (docs/product.md, Shop frame). */
export function AccountMenu() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const name = user?.userName ?? '';

  const items: MenuProps['items'] = [
    { key: 'signed-in-as', type: 'group', label: `Logged in as ${name}` },
    { type: 'divider' },
    { key: 'account', icon: <UserOutlined aria-hidden />, label: 'Account' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: 'Logout' },
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
