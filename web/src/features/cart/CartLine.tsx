import { DeleteOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, theme, Typography } from 'antd';
import { effectivePrice, formatKes, MESSAGES, type CartItem } from '@shop/contracts';
import { cartLineName, isVariationGone } from './cart-lines';
import { ProductThumbnail } from './ProductThumbnail';
import { SheetListItem } from './SheetList';
import { useProductInCart } from './useShopperCart';

/** The variation chosen, under the title; or why the line can no longer be bought. */
export function CartLineVariation({ item }: { item: Pick<CartItem, 'variationId' | 'variationLabel'> }) {
  if (isVariationGone(item)) return <Typography.Text type="danger">{MESSAGES.cart.variationGone}</Typography.Text>;
  if (!item.variationLabel) return null;
  return (
    <Typography.Text type="secondary" ellipsis={{ tooltip: item.variationLabel }}>
      {item.variationLabel}
    </Typography.Text>
  );
}

/**
 * One line of the cart sheet. Plus stays enabled at the stock limit: the click explains the limit
 * with a toast (docs/product.md, Cart and wishlist) instead of a silent grey button. A line whose variation is gone can only
 * be removed.
 */
export function CartLine({ item }: { item: CartItem }) {
  const { token } = theme.useToken();
  const { isBusy, setQuantity, remove } = useProductInCart(item.productId);
  const name = cartLineName(item);
  const isGone = isVariationGone(item);
  const changeTo = (quantity: number) => setQuantity(item, quantity);

  return (
    <SheetListItem isBusy={isBusy}>
      <Flex gap={token.marginSM} style={{ width: '100%' }}>
        <ProductThumbnail image={item.image} />
        <Flex vertical gap={token.marginXS} style={{ flex: 1, minWidth: 0 }}>
          <Flex vertical>
            <Typography.Text strong ellipsis={{ tooltip: item.title }}>
              {item.title}
            </Typography.Text>
            <CartLineVariation item={item} />
          </Flex>
          <Flex align="center" gap={token.marginXS} role="group" aria-label={`Quantity of ${name}`}>
            <Button
              size="small"
              icon={<MinusOutlined />}
              aria-label={`Decrease quantity of ${name}`}
              disabled={isBusy || isGone || item.quantity <= 1}
              onClick={() => changeTo(item.quantity - 1)}
            />
            <Flex justify="center" style={{ minWidth: 28 }}>
              {isBusy ? <Spin size="small" /> : <Typography.Text aria-live="polite">{item.quantity}</Typography.Text>}
            </Flex>
            <Button
              size="small"
              icon={<PlusOutlined />}
              aria-label={`Increase quantity of ${name}`}
              disabled={isBusy || isGone}
              onClick={() => changeTo(item.quantity + 1)}
            />
          </Flex>
        </Flex>
        <Flex vertical align="flex-end" justify="space-between" gap={token.marginXS} style={{ flexShrink: 0 }}>
          <Typography.Text strong>{formatKes(effectivePrice(item) * item.quantity)}</Typography.Text>
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            aria-label={`Remove ${name} from cart`}
            disabled={isBusy}
            onClick={() => remove(item.variationId)}
          />
        </Flex>
      </Flex>
    </SheetListItem>
  );
}
