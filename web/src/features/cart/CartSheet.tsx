import { Button, Drawer, Empty, Flex, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { formatKes, MESSAGES, ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { cartLineKey } from './cart-lines';
import { selectCartError, selectCartIsLoading, selectCartItems, selectCartSubtotal } from './cart.selectors';
import { cartRequested } from './cart.slice';
import { CartLine } from './CartLine';
import { SheetList } from './SheetList';
import { useSheetSize } from './useSheetSize';

/** The right-side sheet 'Your Cart' (docs/product.md, Cart and wishlist): the lines, their total and the way to checkout. */
export function CartSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const sheetSize = useSheetSize();
  const items = useAppSelector(selectCartItems);
  const subtotal = useAppSelector(selectCartSubtotal);
  const isLoading = useAppSelector(selectCartIsLoading);
  const error = useAppSelector(selectCartError);
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
          {formatKes(subtotal)}
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
        <LoadFailureAlert error={error} onRetry={() => dispatch(cartRequested())} retrying={isLoading} />
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
