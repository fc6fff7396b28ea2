import { DeleteOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Flex, Skeleton, theme, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { coverImage, effectivePrice, formatKes, MESSAGES, ROUTES, type Product } from '@shop/contracts';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { ProductThumbnail } from '../cart/ProductThumbnail';
import { SheetList, SheetListItem } from '../cart/SheetList';
import { useSheetSize } from '../cart/useSheetSize';
import { useShopperWishlist, useWishlistHeart } from './useShopperWishlist';

function WishlistItem({ product, onOpen }: { product: Product; onOpen: () => void }) {
  const { token } = theme.useToken();
  const { isBusy, toggle } = useWishlistHeart(product.id);
  return (
    <SheetListItem isBusy={isBusy}>
      <Flex align="center" gap={token.marginSM} style={{ width: '100%' }}>
        <Link
          to={ROUTES.shopProduct(product.id)}
          onClick={onOpen}
          style={{ display: 'flex', alignItems: 'center', gap: token.marginSM, flex: 1, minWidth: 0, color: 'inherit' }}
        >
          <ProductThumbnail image={coverImage(product)} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis>
              {product.title}
            </Typography.Text>
            <Typography.Text type="secondary">{formatKes(effectivePrice(product))}</Typography.Text>
          </Flex>
        </Link>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          loading={isBusy}
          aria-label={`Remove ${product.title} from wishlist`}
          onClick={toggle}
        />
      </Flex>
    </SheetListItem>
  );
}

/** The right-side sheet 'My Wishlist' (docs/product.md, Cart and wishlist); an item opens its product page. */
export function WishlistSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const sheetSize = useSheetSize();
  const { items: products, isLoading, error, retry } = useShopperWishlist();

  let body;
  if (isLoading && products.length === 0) body = <Skeleton active avatar paragraph={{ rows: 2 }} />;
  else if (products.length === 0)
    body = (
      <>
        <LoadFailureAlert error={error} onRetry={retry} retrying={isLoading} />
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.wishlist.empty} />
      </>
    );
  else
    body = (
      <SheetList label="Wishlist products">
        {products.map((product) => (
          <WishlistItem key={product.id} product={product} onOpen={onClose} />
        ))}
      </SheetList>
    );

  return (
    <Drawer title={MESSAGES.wishlist.title} placement="right" size={sheetSize} open={open} onClose={onClose}>
      {body}
    </Drawer>
  );
}
