import { Flex, Layout, Skeleton, theme } from 'antd';
import { ShopLogo } from './ShopLogo';

/**
 * Grey shapes of a page under the shop's header bar, while a screen's code or the session check is on
 * the way: the header continues the outline index.html paints before any script, so nothing jumps.
 */
export function RouteSkeleton() {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }} role="status" aria-busy aria-label="Loading">
      <Layout.Header style={{ display: 'flex', alignItems: 'center', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <ShopLogo />
      </Layout.Header>
      <Layout.Content style={{ padding: token.paddingLG }}>
        <Flex vertical gap={token.marginLG}>
          <Skeleton.Node active style={{ width: '100%', height: 'auto', aspectRatio: '8 / 3', borderRadius: token.borderRadiusLG }} />
          <Skeleton active paragraph={{ rows: 4 }} />
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
