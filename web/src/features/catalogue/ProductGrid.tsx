import { Card, Col, Empty, Row, Skeleton, theme } from 'antd';
import type { Product } from '@shop/contracts';
import type { HeadingLevel } from '../../components/Heading';
import { ProductCard } from './ProductCard';

const COLUMN_SPANS = { xs: 12, sm: 8, lg: 6, xxl: 4 } as const;
const SKELETON_CARDS = 8;

function SkeletonCard() {
  const { token } = theme.useToken();
  return (
    <Card
      cover={<div style={{ aspectRatio: '1 / 1', background: token.colorFillTertiary }} />}
      styles={{ body: { padding: token.paddingSM } }}
    >
      <Skeleton active title={{ width: '80%' }} paragraph={{ rows: 1, width: '50%' }} />
    </Card>
  );
}

interface ProductGridProps {
  products: Product[];
  isLoading: boolean;
  /** Shown when the products have loaded and there are none. */
  emptyText: string;
  /** The level of each card's title, one below the heading the grid sits under: 3 under a home page section's h2. */
  titleLevel?: HeadingLevel;
}

/** Product cards in a responsive grid: two a row on phones, up to six on wide screens. */
export function ProductGrid({ products, isLoading, emptyText, titleLevel = 3 }: ProductGridProps) {
  if (!isLoading && products.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ padding: '32px 0' }} />;
  return (
    <Row gutter={[16, 16]} aria-busy={isLoading}>
      {isLoading
        ? Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <Col key={index} {...COLUMN_SPANS}>
              <SkeletonCard />
            </Col>
          ))
        : products.map((product) => (
            <Col key={product.id} {...COLUMN_SPANS}>
              <ProductCard product={product} titleLevel={titleLevel} />
            </Col>
          ))}
    </Row>
  );
}
