import '../../../styles/antd/admin.css';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Flex, Select, Skeleton, theme } from 'antd';
import { useEffect, useState } from 'react';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@shop/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { messageOfFailure } from '../../../app/shop.api';
import { LoadFailureAlert } from '../../../components/LoadFailureAlert';
import { OrderDetailsDialog } from '../../orders/OrderDetailsDialog';
import { OrdersTable } from '../../orders/OrdersTable';
import { OrderStatusHistory } from '../../orders/OrderStatusHistory';
import { useLinkedOrder } from '../../orders/useLinkedOrder';
import { LiveUpdatesNotice } from '../../realtime/LiveUpdatesNotice';
import { AdminPageHeading } from '../AdminPageHeading';
import { ADMIN_ORDERS_PAGE_SIZE, useGetAdminOrderQuery, useGetAdminOrdersQuery, type AdminOrdersQuery } from './admin-orders.api';
import { adminOrdersPageClosed, adminOrdersPageOpened } from './adminOrders.slice';
import { OrderActions } from './OrderActions';
import { OrderMessages } from './OrderMessages';
import { OrderPaymentReview } from './OrderPaymentReview';
import { OrderStatusForm } from './OrderStatusForm';

const FILTER_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }));

/**
 * /admin/orders (docs/product.md, Admin): every shopper's orders, newest first, by status and page, and the
 * dialog that moves them on. Live: newly paid orders join the first page, other admins' changes show in
 * place (adminOrders.saga.ts).
 */
export function AdminOrdersPage() {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const [query, setQuery] = useState<AdminOrdersQuery>({ status: null, page: 1 });
  const [openOrderId, setOpenOrderId] = useState<number | null>(null);
  // Read afresh on every visit and every opening: payments and shoppers move orders meanwhile.
  const orders = useGetAdminOrdersQuery(query, { refetchOnMountOrArgChange: true });
  const details = useGetAdminOrderQuery(openOrderId ?? skipToken, { refetchOnMountOrArgChange: true });
  // A failed read empties the list (docs/product.md, Web routes); a quiet refresh that fails (live, a reconnect) keeps the rows.
  const hasFailed = orders.isError && orders.currentData === undefined;
  const items = hasFailed ? [] : (orders.data?.items ?? []);
  const order = details.currentData ?? items.find(({ id }) => id === openOrderId) ?? null;

  useEffect(() => {
    dispatch(adminOrdersPageOpened());
    return () => {
      dispatch(adminOrdersPageClosed());
    };
  }, [dispatch]);

  useLinkedOrder(setOpenOrderId);

  const filterBy = (status: OrderStatus | undefined) => setQuery({ status: status ?? null, page: 1 });

  return (
    <>
      <Flex justify="space-between" align="baseline" gap={token.marginSM} wrap>
        <AdminPageHeading>All Orders</AdminPageHeading>
        <Select<OrderStatus>
          aria-label="Filter by status"
          allowClear
          placeholder="All statuses"
          value={query.status ?? undefined}
          options={FILTER_OPTIONS}
          onChange={filterBy}
          style={{ minWidth: 180 }}
        />
      </Flex>
      <LiveUpdatesNotice />
      <LoadFailureAlert
        error={hasFailed ? messageOfFailure(orders.error) : null}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
      {orders.isLoading ? (
        <div aria-busy="true" aria-label="Loading orders">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : (
        <OrdersTable
          audience="admin"
          orders={items}
          isLoading={orders.isFetching && orders.currentData === undefined}
          onViewDetails={setOpenOrderId}
          emptyText={query.status ? `No ${ORDER_STATUS_LABELS[query.status].toLowerCase()} orders` : undefined}
          pagination={{
            current: query.page,
            pageSize: ADMIN_ORDERS_PAGE_SIZE,
            total: hasFailed ? 0 : (orders.data?.total ?? 0),
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (page) => setQuery({ ...query, page }),
          }}
        />
      )}
      <OrderDetailsDialog
        order={openOrderId === null ? null : order}
        isLoading={details.isFetching && details.currentData === undefined}
        error={details.currentData === undefined ? messageOfFailure(details.error) : null}
        onClosed={() => setOpenOrderId(null)}
        onRetry={() => void details.refetch()}
        payment={order && <OrderPaymentReview order={order} attempts={details.currentData?.mpesaAttempts ?? null} />}
      >
        {order && (
          // Keyed by the order: the status chosen and the action dialogs' state belong to the order they were met on.
          <Flex key={order.id} vertical gap={token.marginLG}>
            <OrderStatusHistory audience="admin" history={details.currentData?.history ?? null} />
            <OrderMessages orderId={order.id} />
            <OrderActions order={order} />
            <OrderStatusForm order={order} />
          </Flex>
        )}
      </OrderDetailsDialog>
    </>
  );
}
