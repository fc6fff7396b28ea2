import { Button, Drawer, Empty, Flex, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { formatKes, MESSAGES, ROUTES } from '@shop/contracts';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { cartLineKey, cartSubtotal } from './cart-lines';
import { CartLine } from './CartLine';
import { SheetList } from './SheetList';
import { useSheetSize } from './useSheetSize';
import { useShopperCart } from './useShopperCart';

/** The right-side sheet 'Your Cart' (docs/product.md, Cart and wishlist): the lines, their total and the way to checkout. */
export function CartSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const sheetSize = useSheetSize();
  const { items, isLoading, error, retry } = useShopperCart();
  const isEmpty = items.length === 0;

  const checkout = () => {
    onClose();
    navigate(ROUTES.shopCheckout);
  };

  const footer = (
    <Flex vertical gap="small">
      <Flex justify="space-between" align="baseline">
        <Typography.Text strong>{MESSAGES.cart.total}</Typography.Text>
        <Typography.Text strong style={{ fontSize: 18 }}>
          {formatKes(cartSubtotal(items))}
        </Typography.Text>
      </Flex>
      <Button type="primary" size="large" block disabled={isEmpty} onClick={checkout}>
        {MESSAGES.cart.checkout}
      </Button>
    </Flex>
  );

  let body;
  if (isLoading && isEmpty) body = <Skeleton active avatar paragraph={{ rows: 2 }} />;
  else if (isEmpty)
    body = (
      <>
        <LoadFailureAlert error={error} onRetry={retry} retrying={isLoading} />
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.cart.empty} />
      </>
    );
  else
    body = (
      <SheetList label="Cart lines">
        {items.map((item) => (
          <CartLine key={cartLineKey(item)} item={item} />
        ))}
      </SheetList>
    );

  return (
    <Drawer title={MESSAGES.cart.title} placement="right" size={sheetSize} open={open} onClose={onClose} footer={footer}>
      {body}
    </Drawer>
  );
}
