import { Flex, theme, Typography } from 'antd';
import { formatKes, type Product } from '@shop/contracts';
import { isOnSale } from './product-presentation';

interface PriceTagProps {
  product: Pick<Product, 'price' | 'salePrice'>;
  size?: 'card' | 'detail';
}

/** The price in KES; on sale, the sale price beside the original struck through (docs/product.md, Catalogue). */
export function PriceTag({ product, size = 'card' }: PriceTagProps) {
  const { token } = theme.useToken();
  const fontSize = size === 'detail' ? token.fontSizeHeading3 : token.fontSizeLG;
  const current = isOnSale(product) ? product.salePrice : product.price;
  return (
    <Flex align="baseline" gap={8} wrap>
      <Typography.Text strong style={{ fontSize, color: isOnSale(product) ? token.colorError : undefined }}>
        {formatKes(current)}
      </Typography.Text>
      {isOnSale(product) && (
        <Typography.Text delete type="secondary">
          {formatKes(product.price)}
        </Typography.Text>
      )}
    </Flex>
  );
}
