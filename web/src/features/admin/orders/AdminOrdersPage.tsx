import { Flex, Select, Skeleton, theme } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadFailureAlert } from '../../../components/LoadFailureAlert';
import { linkedOrderId, withoutOrderLink } from '../../orders/order-link';
import { OrderDetailsDialog } from '../../orders/OrderDetailsDialog';
import { OrdersTable } from '../../orders/OrdersTable';
import { OrderStatusHistory } from '../../orders/OrderStatusHistory';
import { LiveUpdatesNotice } from '../../realtime/LiveUpdatesNotice';
import { AdminPageHeading } from '../AdminPageHeading';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrderDialogClosed,
  adminOrderDialogOpened,
  adminOrdersPageClosed,
  adminOrdersPageOpened,
  adminOrdersRequested,
} from './adminOrders.slice';
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
  const [search, setSearch] = useSearchParams();
  const { query, items, total, isLoading, hasLoaded, error, dialog } = useAppSelector((state) => state.adminOrders);
  const shown = dialog.details ?? items.find((order) => order.id === dialog.orderId) ?? null;

  // The list is read afresh on every visit: payments and shoppers move orders meanwhile.
  useEffect(() => {
    dispatch(adminOrdersPageOpened());
    dispatch(adminOrdersRequested({ status: null, page: 1 }));
    return () => {
      dispatch(adminOrdersPageClosed());
    };
  }, [dispatch]);

  // The link opens the order's dialog once; the address then drops it, so the same link works again later.
  const linkedOrder = linkedOrderId(search);
  useEffect(() => {
    if (linkedOrder === null) return;
    dispatch(adminOrderDialogOpened(linkedOrder));
    setSearch(withoutOrderLink, { replace: true });
  }, [dispatch, linkedOrder, setSearch]);

  const filterBy = (status: OrderStatus | undefined) => dispatch(adminOrdersRequested({ status: status ?? null, page: 1 }));

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
      <LoadFailureAlert error={error} onRetry={() => dispatch(adminOrdersRequested(query))} retrying={isLoading} />
      {hasLoaded ? (
        <OrdersTable
          audience="admin"
          orders={items}
          isLoading={isLoading}
          onViewDetails={(orderId) => dispatch(adminOrderDialogOpened(orderId))}
          emptyText={query.status ? `No ${ORDER_STATUS_LABELS[query.status].toLowerCase()} orders` : undefined}
          pagination={{
            current: query.page,
            pageSize: ADMIN_ORDERS_PAGE_SIZE,
            total,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (page) => dispatch(adminOrdersRequested({ ...query, page })),
          }}
        />
      ) : (
        <div aria-busy="true" aria-label="Loading orders">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      )}
      <OrderDetailsDialog
        order={dialog.orderId === null ? null : shown}
        isLoading={dialog.isLoading}
        error={dialog.error}
        onClosed={() => dispatch(adminOrderDialogClosed())}
        onRetry={() => dialog.orderId !== null && dispatch(adminOrderDialogOpened(dialog.orderId))}
        payment={shown && <OrderPaymentReview order={shown} attempts={dialog.details?.mpesaAttempts ?? null} />}
      >
        {shown && (
          <Flex vertical gap={token.marginLG}>
            <OrderStatusHistory audience="admin" history={dialog.details?.history ?? null} />
            <OrderMessages />
            <OrderActions order={shown} />
            <OrderStatusForm order={shown} />
          </Flex>
        )}
      </OrderDetailsDialog>
    </>
  );
}
