import { Grid, Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import { ProductDialog } from '../catalogue/ProductDialog';
import { ContactStrip } from './layout/ContactStrip';
import { SHOP_CONTENT_MAX_WIDTH } from './layout/shop-frame';
import { ShopFooter } from './layout/ShopFooter';
import { ShopHeader } from './layout/ShopHeader';

/** The frame of every shop screen: contact strip, header, the page, footer, and the one product dialog its cards open (spec §1, §2). */
export function ShopLayout() {
  const screens = Grid.useBreakpoint();
  const isLarge = screens.lg === true;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isLarge && <ContactStrip collapsible={false} />}
      <ShopHeader isLarge={isLarge} />
      {!isLarge && <ContactStrip collapsible />}
      <Layout.Content style={{ width: '100%', maxWidth: SHOP_CONTENT_MAX_WIDTH + 48, marginInline: 'auto', padding: screens.md ? 24 : 16 }}>
        <Outlet />
      </Layout.Content>
      <ShopFooter />
      <ProductDialog />
    </Layout>
  );
}
