import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button, Col, Divider, Flex, Rate, Result, Row, Skeleton, theme, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { categoryLabel, type Product } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { SERVER_READ_FRESH_S } from '../../app/server-state';
import { Heading, type HeadingLevel } from '../../components/Heading';
import { AddToCartButton } from '../cart/AddToCartButton';
import { WishlistHeart } from '../wishlist/WishlistHeart';
import { productFailureMessage, useGetProductQuery } from './catalogue.api';
import { PriceTag } from './PriceTag';
import { descriptionPreview, galleryImages, shownGalleryImage, starsOfAverage } from './product-presentation';
import { ProductGallery } from './ProductGallery';
import { ReviewForm, ReviewList } from './ProductReviews';
import { productImageSelected } from './productView.slice';
import { StockTag } from './StockTag';

/** The toy the view shows (productView.slice), from the api's cache: the heading, the details and the failure read it alike. */
function useShownProduct() {
  const productId = useAppSelector((state) => state.productView.productId);
  // Read on each opening, as a shopper expects today's price and stock; the server's read of the page it just drew will do.
  const {
    data: product,
    isLoading,
    error,
  } = useGetProductQuery(productId ?? skipToken, { refetchOnMountOrArgChange: SERVER_READ_FRESH_S });
  return { product, isLoading, failure: productFailureMessage(error) };
}

/**
 * The product's title, with the label of the variation on show (docs/product.md, Catalogue): the h1 of the product
 * page, an h2 as the title of the dialog, which opens over a page with an h1 of its own.
 */
export function ProductHeading({ level = 1 }: { level?: 1 | 2 }) {
  const { product, failure } = useShownProduct();
  const selectedImageKey = useAppSelector((state) => state.productView.selectedImageKey);
  if (failure) return null;
  if (!product) return <Skeleton.Input active size="small" />;
  const variationLabel = shownGalleryImage(galleryImages(product), selectedImageKey)?.variationLabel;
  return (
    <Heading level={level} look={level === 1 ? 3 : 4} style={{ margin: 0 }}>
      {product.title}
      {variationLabel && (
        <Typography.Text type="secondary" style={{ fontSize: '0.75em', fontWeight: 'normal' }}>
          {' · '}
          {variationLabel}
        </Typography.Text>
      )}
    </Heading>
  );
}

function Description({ text }: { text: string }) {
  const [isExpanded, setExpanded] = useState(false);
  const preview = descriptionPreview(text);
  if (text.trim() === '') return null;
  return (
    <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
      {isExpanded ? text.trim() : preview.text}
      {preview.isShortened && (
        <>
          {' '}
          <Button
            type="link"
            size="small"
            aria-expanded={isExpanded}
            onClick={() => setExpanded(!isExpanded)}
            style={{ padding: 0, height: 'auto' }}
          >
            {isExpanded ? 'Show less' : 'Show more'}
          </Button>
        </>
      )}
    </Typography.Paragraph>
  );
}

function AverageRating({ averageReview }: { averageReview: number }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={token.marginXS}>
      <Rate disabled allowHalf value={starsOfAverage(averageReview)} aria-label={`Average rating ${averageReview.toFixed(1)} out of 5`} />
      <Typography.Text type="secondary">{averageReview.toFixed(1)}</Typography.Text>
    </Flex>
  );
}

/** The variation whose picture is on show is the one chosen: Add to Cart puts that variation in the cart. */
function chosenVariationId(product: Product, selectedImageKey: string | null): number | null {
  const shown = shownGalleryImage(galleryImages(product), selectedImageKey);
  return product.variations.find((variation) => String(variation.id) === shown?.key)?.id ?? null;
}

function ProductDetails({ product, sectionLevel }: { product: Product; sectionLevel: HeadingLevel }) {
  const dispatch = useAppDispatch();
  const selectedImageKey = useAppSelector((state) => state.productView.selectedImageKey);
  const { token } = theme.useToken();

  return (
    <Row gutter={[token.marginXL, token.marginLG]}>
      <Col xs={24} md={11}>
        <ProductGallery
          images={galleryImages(product)}
          selectedKey={selectedImageKey}
          onSelect={(key) => dispatch(productImageSelected(key))}
          emptyAlt={product.title}
        />
      </Col>
      <Col xs={24} md={13}>
        <Flex vertical gap={token.marginSM}>
          <Typography.Text type="secondary">{categoryLabel(product.category)}</Typography.Text>
          <PriceTag product={product} size="detail" />
          <AverageRating averageReview={product.averageReview} />
          <div>
            <StockTag totalStock={product.totalStock} />
          </div>
          <Flex gap={token.marginSM} align="center">
            <AddToCartButton product={product} variationId={chosenVariationId(product, selectedImageKey)} size="large" />
            <WishlistHeart productId={product.id} size="large" />
          </Flex>
          <Description text={product.description} />
        </Flex>
        <Divider />
        <Heading level={sectionLevel} look={4} style={{ marginTop: 0 }}>
          Reviews
        </Heading>
        <ReviewList productId={product.id} />
        <Divider />
        <ReviewForm productId={product.id} />
      </Col>
    </Row>
  );
}

function ProductViewSkeleton() {
  const { token } = theme.useToken();
  return (
    <Row gutter={[token.marginXL, token.marginLG]} aria-busy>
      <Col xs={24} md={11}>
        <div style={{ aspectRatio: '1 / 1', borderRadius: token.borderRadiusLG, background: token.colorFillTertiary }} />
      </Col>
      <Col xs={24} md={13}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Col>
    </Row>
  );
}

interface ProductViewProps {
  failureExtra?: ReactNode;
  /** The level of the ProductHeading above the view, which its own section headings follow. */
  headingLevel?: 1 | 2;
}

/**
 * What the product dialog and /shop/product/{id} show of the toy the product view names:
 * details, reviews and the review form; a skeleton while loading; the failure otherwise.
 */
export function ProductView({ failureExtra, headingLevel = 1 }: ProductViewProps) {
  const { product, isLoading, failure } = useShownProduct();
  if (product) return <ProductDetails product={product} sectionLevel={headingLevel === 1 ? 2 : 3} />;
  if (failure && !isLoading) return <Result status="warning" title={failure} extra={failureExtra} />;
  return <ProductViewSkeleton />;
}
