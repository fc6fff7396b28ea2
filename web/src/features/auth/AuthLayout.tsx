import { Col, ConfigProvider, Flex, Row, theme, Typography } from 'antd';
import { Outlet } from 'react-router-dom';
import { SHOP_NAME } from '../../app/brand';
import { welcomePanelTheme } from '../../app/theme';

function WelcomePanel() {
  const { token } = theme.useToken();
  return (
    <Flex vertical justify="center" style={{ height: '100%', padding: 48, background: token.colorBgBase }}>
      <Typography.Title style={{ marginBottom: 8 }}>Welcome to {SHOP_NAME}</Typography.Title>
      <Typography.Title level={2} type="secondary" style={{ marginTop: 0 }}>
        ECommerce Shopping
      </Typography.Title>
    </Flex>
  );
}

/** The two-column frame of the sign-in screens: the welcome panel shows on large screens only (spec §2). */
export function AuthLayout() {
  return (
    <Row style={{ minHeight: '100vh' }}>
      <Col xs={0} lg={12}>
        <ConfigProvider theme={welcomePanelTheme}>
          <WelcomePanel />
        </ConfigProvider>
      </Col>
      <Col xs={24} lg={12}>
        <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: '32px 16px' }}>
          <Outlet />
        </Flex>
      </Col>
    </Row>
  );
}
