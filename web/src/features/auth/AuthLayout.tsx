import '../../styles/antd/sign-in.css';
import { Col, ConfigProvider, Flex, Layout, Row, theme, Typography } from 'antd';
import { Outlet } from 'react-router-dom';
import { SHOP_NAME } from '../../app/brand';
import { welcomePanelTheme } from '../../app/theme';
import { Heading } from '../../components/Heading';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';

function WelcomePanel() {
  const { token } = theme.useToken();
  return (
    // The screen's own title is its h1 (AuthScreen); the welcome is a side note beside it.
    <Flex
      component="aside"
      aria-label="Welcome"
      vertical
      justify="center"
      style={{ height: '100%', padding: 48, background: token.colorBgBase }}
    >
      <Heading level={2} look={1} style={{ marginBottom: 8 }}>
        Welcome to {SHOP_NAME}
      </Heading>
      <Typography.Paragraph
        type="secondary"
        style={{ marginTop: 0, fontSize: token.fontSizeHeading2, lineHeight: token.lineHeightHeading2 }}
      >
        ECommerce Shopping
      </Typography.Paragraph>
    </Flex>
  );
}

/** The two-column frame of the sign-in screens: the welcome panel shows on large screens only (docs/product.md, Web routes). */
export function AuthLayout() {
  return (
    <>
      <SkipLink />
      <Row style={{ minHeight: '100vh' }}>
        <Col xs={0} lg={12}>
          <ConfigProvider theme={welcomePanelTheme}>
            <WelcomePanel />
          </ConfigProvider>
        </Col>
        <Col xs={24} lg={12}>
          <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1}>
            <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: '32px 16px' }}>
              <Outlet />
            </Flex>
          </Layout.Content>
        </Col>
      </Row>
    </>
  );
}
