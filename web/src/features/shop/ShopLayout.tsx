import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { useScreens } from '../../app/useScreens';
import { lazyNamed } from '../../components/lazy-named';
import { MountedFromFirstOpen } from '../../components/MountedFromFirstOpen';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';
import { ContactStrip } from './layout/ContactStrip';
import { SHOP_PAGE_MAX_WIDTH, SHOP_PAGE_PADDING } from './layout/shop-frame';
import { ShopFooter } from './layout/ShopFooter';
import { ShopHeader } from './layout/ShopHeader';

const ProductDialog = lazyNamed(() => import('../catalogue/ProductDialog'), 'ProductDialog');

/** The product dialog's code (its modal, gallery, reviews and review form) comes with the first card a shopper opens, not with the first page. */
function ProductDialogWhenOpened() {
  const isOpen = useAppSelector((state) => state.productView.place === 'dialog');
  return (
    <MountedFromFirstOpen open={isOpen}>
      <ProductDialog />
    </MountedFromFirstOpen>
  );
}

/** The frame of every shop screen: contact strip, header, the page, footer, and the one product dialog its cards open (docs/product.md, Shop frame). */
export function ShopLayout() {
  const screens = useScreens();
  const isLarge = screens.lg === true;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {isLarge && <ContactStrip collapsible={false} />}
      <ShopHeader isLarge={isLarge} />
      {!isLarge && <ContactStrip collapsible />}
      <Layout.Content
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        style={{
          width: '100%',
          maxWidth: SHOP_PAGE_MAX_WIDTH,
          marginInline: 'auto',
          padding: screens.md ? SHOP_PAGE_PADDING.fromMedium : SHOP_PAGE_PADDING.phone,
        }}
      >
        <Outlet />
      </Layout.Content>
      <ShopFooter />
      <ProductDialogWhenOpened />
    </Layout>
  );
}
