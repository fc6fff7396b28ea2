import { DeleteOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { effectivePrice, formatKes, type CartItem } from '@shop/contracts';
import { Button, Flex, Spin, Typography, theme } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCartLineIsBusy } from './cart.selectors';
import { cartLineDeleteRequested, cartQuantityChangeRequested } from './cart.slice';
import { ProductThumbnail } from './ProductThumbnail';
import { SheetListItem } from './SheetList';

/**
 * One line of the cart sheet. Plus stays enabled at the stock limit: the click explains the limit
 * with a toast (spec §5) instead of a silent grey button.
 */
export function CartLine({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const isBusy = useAppSelector((state) => selectCartLineIsBusy(state, item.productId));
  const changeTo = (quantity: number) => dispatch(cartQuantityChangeRequested({ productId: item.productId, quantity }));

  return (
    <SheetListItem isBusy={isBusy}>
      <Flex gap={token.marginSM} style={{ width: '100%' }}>
        <ProductThumbnail image={item.image} />
        <Flex vertical gap={token.marginXS} style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: item.title }}>
            {item.title}
          </Typography.Text>
          <Flex align="center" gap={token.marginXS} role="group" aria-label={`Quantity of ${item.title}`}>
            <Button
              size="small"
              icon={<MinusOutlined />}
              aria-label={`Decrease quantity of ${item.title}`}
              disabled={isBusy || item.quantity <= 1}
              onClick={() => changeTo(item.quantity - 1)}
            />
            <Flex justify="center" style={{ minWidth: 28 }}>
              {isBusy ? <Spin size="small" /> : <Typography.Text aria-live="polite">{item.quantity}</Typography.Text>}
            </Flex>
            <Button size="small" icon={<PlusOutlined />} aria-label={`Increase quantity of ${item.title}`} disabled={isBusy} onClick={() => changeTo(item.quantity + 1)} />
          </Flex>
        </Flex>
        <Flex vertical align="flex-end" justify="space-between" gap={token.marginXS} style={{ flexShrink: 0 }}>
          <Typography.Text strong>{formatKes(effectivePrice(item) * item.quantity)}</Typography.Text>
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            aria-label={`Remove ${item.title} from cart`}
            disabled={isBusy}
            onClick={() => dispatch(cartLineDeleteRequested(item.productId))}
          />
        </Flex>
      </Flex>
    </SheetListItem>
  );
}
