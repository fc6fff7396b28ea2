import { PictureOutlined } from '@ant-design/icons';
import { Badge, Card, Flex, theme, Typography } from 'antd';
import { useId, type KeyboardEvent } from 'react';
import { categoryLabel, coverImage, MESSAGES, type Product } from '@shop/contracts';
import { useAppDispatch } from '../../app/hooks';
import { Heading, type HeadingLevel } from '../../components/Heading';
import { ProductPicture } from '../../components/ProductPicture';
import { AddToCartButton } from '../cart/AddToCartButton';
import { WishlistHeart } from '../wishlist/WishlistHeart';
import { PriceTag } from './PriceTag';
import { isOnSale } from './product-presentation';
import { productDialogOpened } from './productView.slice';
import { StockTag } from './StockTag';

/** Two cards a row on phones, otherwise a column of about 240 px. */
export const CARD_IMAGE_SIZES = '(max-width: 576px) 50vw, 240px';

function CardCover({ product }: { product: Product }) {
  const { token } = theme.useToken();
  const image = coverImage(product);
  return (
    <div style={{ position: 'relative', aspectRatio: '1 / 1', overflow: 'hidden', background: token.colorFillTertiary }}>
      {image ? (
        <ProductPicture image={image} alt={product.title} sizes={CARD_IMAGE_SIZES} />
      ) : (
        <Flex
          align="center"
          justify="center"
          style={{ height: '100%', fontSize: 40, color: token.colorTextQuaternary }}
          role="img"
          aria-label={product.title}
        >
          <PictureOutlined />
        </Flex>
      )}
      <StockTag totalStock={product.totalStock} style={{ position: 'absolute', left: 8, bottom: 8, marginInlineEnd: 0 }} />
    </div>
  );
}

/**
 * One product in a grid. The picture, title and price open the product dialog under a pointer; for
 * the keyboard and screen readers the title alone is the button, so that its name is the words it
 * shows (WCAG 2.5.3). The heart and Add to Cart sit outside that area, as buttons must not nest. The
 * Sale ribbon hangs on the left to leave the top right corner to the heart.
 */
export function ProductCard({ product, titleLevel }: { product: Product; titleLevel: HeadingLevel }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const titleId = useId();
  const open = () => dispatch(productDialogOpened(product.id));
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    open();
  };

  const card = (
    <Card hoverable style={{ height: '100%', overflow: 'hidden' }} styles={{ body: { padding: 0, height: '100%' } }}>
      <Flex vertical component="article" aria-label={product.title} style={{ position: 'relative', height: '100%' }}>
        <div onClick={open} style={{ flex: 1, cursor: 'pointer' }}>
          <CardCover product={product} />
          <div style={{ padding: token.paddingSM, paddingBottom: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {categoryLabel(product.category)}
            </Typography.Text>
            <Heading
              id={titleId}
              level={titleLevel}
              look={5}
              ellipsis={{ rows: 2 }}
              style={{ margin: `${token.marginXXS}px 0 ${token.marginXS}px`, minHeight: '2.8em' }}
            >
              <span role="button" tabIndex={0} aria-label={product.title} onKeyDown={onKeyDown}>
                {product.title}
              </span>
            </Heading>
            <PriceTag product={product} />
          </div>
        </div>
        <div style={{ padding: token.paddingSM }}>
          <AddToCartButton product={product} block describedBy={titleId} />
        </div>
        <WishlistHeart productId={product.id} describedBy={titleId} style={{ position: 'absolute', top: 8, right: 8 }} />
      </Flex>
    </Card>
  );

  if (!isOnSale(product)) return card;
  return (
    <Badge.Ribbon text={MESSAGES.catalogue.sale} color={token.colorError} placement="start" styles={{ root: { height: '100%' } }}>
      {card}
    </Badge.Ribbon>
  );
}
