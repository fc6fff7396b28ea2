import { skipToken } from '@reduxjs/toolkit/query/react';
import { Flex, Skeleton, theme } from 'antd';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { messageOfFailure } from '../../app/shop.api';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { selectShopperId } from '../auth/shopper-session';
import { CancelOrder } from './CancelOrder';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { OrderReceipt } from './OrderReceipt';
import { useGetMyOrdersQuery, useGetOrderQuery } from './orders.api';
import { OrdersTable } from './OrdersTable';
import { OrderStatusHistory } from './OrderStatusHistory';
import { useLinkedOrder } from './useLinkedOrder';

/** The account's Orders tab (docs/product.md, Orders and their statuses): the shopper's orders, newest first, each with its details dialog. */
export function AccountOrders() {
  const { token } = theme.useToken();
  const [openOrderId, setOpenOrderId] = useState<number | null>(null);
  useLinkedOrder(setOpenOrderId);
  // Statuses move on their own (payments, the admin): the tab reads them on every visit and every opening, and
  // while open follows `order:updated` in place, reading again after a reconnect (myOrders.saga.ts).
  const orders = useGetMyOrdersQuery(useAppSelector(selectShopperId) ?? skipToken, { refetchOnMountOrArgChange: true });
  const details = useGetOrderQuery(openOrderId ?? skipToken, { refetchOnMountOrArgChange: true });
  // A failed read empties the list (docs/product.md, Web routes); a quiet refresh that fails (a reconnect) keeps the rows.
  const hasFailed = orders.isError && orders.currentData === undefined;
  const rows = orders.currentData ?? [];
  const order = details.currentData ?? rows.find(({ id }) => id === openOrderId) ?? null;

  return (
    <>
      <LoadFailureAlert
        error={hasFailed ? messageOfFailure(orders.error) : null}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
      {orders.isLoading ? (
        <div aria-busy="true" aria-label="Loading your orders">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : (
        <OrdersTable
          audience="shopper"
          orders={rows}
          isLoading={orders.isFetching && orders.currentData === undefined}
          onViewDetails={setOpenOrderId}
        />
      )}
      <OrderDetailsDialog
        order={openOrderId === null ? null : order}
        isLoading={details.isFetching && details.currentData === undefined}
        error={details.currentData === undefined ? messageOfFailure(details.error) : null}
        onClosed={() => setOpenOrderId(null)}
        onRetry={() => void details.refetch()}
      >
        {order && (
          // Keyed by the order: a refusal of its Cancel belongs to the order it was met on.
          <Flex key={order.id} vertical gap={token.marginLG}>
            <OrderReceipt order={order} />
            <OrderStatusHistory audience="shopper" history={details.currentData?.history ?? null} />
            <CancelOrder order={order} />
          </Flex>
        )}
      </OrderDetailsDialog>
    </>
  );
}
