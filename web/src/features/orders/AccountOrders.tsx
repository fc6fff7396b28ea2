import { Flex, Skeleton, theme } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { CancelOrder } from './CancelOrder';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { OrderReceipt } from './OrderReceipt';
import { orderDialogClosed, orderDialogOpened, ordersRequested, ordersViewClosed } from './orders.slice';
import { OrdersTable } from './OrdersTable';
import { OrderStatusHistory } from './OrderStatusHistory';

/** The account's Orders tab (docs/product.md, Orders and their statuses): the shopper's orders, newest first, each with its details dialog. */
export function AccountOrders() {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const { items, isLoading, hasLoaded, error, dialog } = useAppSelector((state) => state.orders);
  const shown = dialog.details ?? items.find((order) => order.id === dialog.orderId) ?? null;

  // Statuses move on their own (payments, the admin): the tab reads them on every visit, and while
  // open follows `order:updated` in place (orders.slice.ts), reading again after a reconnect.
  useEffect(() => {
    dispatch(ordersRequested());
    return () => {
      dispatch(ordersViewClosed());
    };
  }, [dispatch]);

  return (
    <>
      <LoadFailureAlert error={error} onRetry={() => dispatch(ordersRequested())} retrying={isLoading} />
      {hasLoaded ? (
        <OrdersTable
          audience="shopper"
          orders={items}
          isLoading={isLoading}
          onViewDetails={(orderId) => dispatch(orderDialogOpened(orderId))}
        />
      ) : (
        <div aria-busy="true" aria-label="Loading your orders">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      )}
      <OrderDetailsDialog
        order={dialog.orderId === null ? null : shown}
        isLoading={dialog.isLoading}
        error={dialog.error}
        onClosed={() => dispatch(orderDialogClosed())}
        onRetry={() => dialog.orderId !== null && dispatch(orderDialogOpened(dialog.orderId))}
      >
        {shown && (
          <Flex vertical gap={token.marginLG}>
            <OrderReceipt order={shown} />
            <OrderStatusHistory audience="shopper" history={dialog.details?.history ?? null} />
            <CancelOrder order={shown} />
          </Flex>
        )}
      </OrderDetailsDialog>
    </>
  );
}
