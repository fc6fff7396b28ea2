import { Button, Flex, Layout, theme, Typography } from 'antd';
import { useState } from 'react';
import { telLink } from '@shop/contracts';
import { SHOP_NAME } from '../../../app/brand';
import { lazyNamed } from '../../../components/lazy-named';
import { MountedFromFirstOpen } from '../../../components/MountedFromFirstOpen';
import { useShopInfo } from '../../shop-info/useShopInfo';
import { SHOP_CONTENT_MAX_WIDTH } from './shop-frame';

/** The terms (their text and the sheet) are read by few: they come with the first tap on the link, not with the page. */
const TermsSheet = lazyNamed(() => import('./TermsSheet'), 'TermsSheet');

/** Where the shop is and its number (once the api has told them), copyright line and the Terms and Conditions sheet, under every shop screen (docs/product.md, Shop frame). */
export function ShopFooter() {
  const { token } = theme.useToken();
  const [termsOpen, setTermsOpen] = useState(false);
  const { info } = useShopInfo();

  return (
    <Layout.Footer style={{ background: token.colorBgContainer, borderTop: `1px solid ${token.colorBorderSecondary}`, paddingInline: 16 }}>
      <Flex vertical align="center" gap={4} style={{ maxWidth: SHOP_CONTENT_MAX_WIDTH, marginInline: 'auto', textAlign: 'center' }}>
        <Typography.Text type="secondary">
          A family-run toy shop
          {info && (
            <>
              {' '}
              at {info.address} · <Typography.Link href={telLink(info.phone)}>{info.phone}</Typography.Link>
            </>
          )}
        </Typography.Text>
        <Flex align="center" justify="center" wrap gap={4}>
          <Typography.Text type="secondary">
            © {new Date().getFullYear()} {SHOP_NAME}
          </Typography.Text>
          <Typography.Text type="secondary" aria-hidden>
            ·
          </Typography.Text>
          <Button type="link" size="small" onClick={() => setTermsOpen(true)} style={{ paddingInline: 4 }}>
            Terms and Conditions
          </Button>
        </Flex>
      </Flex>
      <MountedFromFirstOpen open={termsOpen}>
        <TermsSheet open={termsOpen} onClose={() => setTermsOpen(false)} />
      </MountedFromFirstOpen>
    </Layout.Footer>
  );
}
