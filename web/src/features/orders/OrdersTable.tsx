import {
  Button,
  Card,
  Empty,
  Flex,
  Pagination,
  Spin,
  Table,
  Tag,
  theme,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import { formatKes, MESSAGES, PAYMENT_METHOD_LABELS, type Order } from '@shop/contracts';
import { useScreens } from '../../app/useScreens';
import { isAwaitingPayment } from './order-moves';
import { formatOrderDate, PAYMENT_STATUS_LABELS } from './order-presentation';
import { OrderStatusTag } from './OrderStatusTag';

interface OrdersTableProps {
  orders: Order[];
  isLoading: boolean;
  onViewDetails: (orderId: number) => void;
  /** The admin's list also names the customer and the payment. */
  audience: 'shopper' | 'admin';
  /** The admin's list is paged by the server; the shopper's is whole. */
  pagination?: TablePaginationConfig | false;
  emptyText?: string;
}

const paymentOf = (order: Order) => `${PAYMENT_METHOD_LABELS[order.paymentMethod]} · ${PAYMENT_STATUS_LABELS[order.paymentStatus]}`;

/** The order's status, and for the admin whether it still waits for its money (new orders arrive as paid; these are the ones that did not). */
function StatusCell({ order, audience }: { order: Order; audience: OrdersTableProps['audience'] }) {
  const { token } = theme.useToken();
  return (
    <Flex gap={token.marginXXS} wrap>
      <OrderStatusTag status={order.orderStatus} />
      {audience === 'admin' && isAwaitingPayment(order) && (
        <Tag color="warning" style={{ marginInlineEnd: 0 }}>
          Awaiting payment
        </Tag>
      )}
    </Flex>
  );
}

function DetailsButton({
  order,
  onViewDetails,
  block = false,
}: {
  order: Order;
  onViewDetails: (orderId: number) => void;
  block?: boolean;
}) {
  return (
    <Button size="small" block={block} onClick={() => onViewDetails(order.id)} aria-label={`View Details of order ${order.id}`}>
      View Details
    </Button>
  );
}

/** A phone has no room for the table's columns: each order becomes a card with the same facts. */
function OrderCards({ orders, isLoading, onViewDetails, audience, pagination, emptyText }: Required<OrdersTableProps>) {
  const { token } = theme.useToken();
  if (orders.length === 0 && !isLoading) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <Spin spinning={isLoading}>
      <Flex vertical gap={token.marginSM} role="list" aria-label="Orders">
        {orders.map((order) => (
          <Card key={order.id} size="small" role="listitem" aria-label={`Order #${order.id}`} data-testid="order-card">
            <Flex vertical gap={token.marginXS}>
              <Flex justify="space-between" align="center" gap={token.marginXS}>
                <Typography.Text strong>#{order.id}</Typography.Text>
                <StatusCell order={order} audience={audience} />
              </Flex>
              <Flex justify="space-between" align="baseline" gap={token.marginXS}>
                <Typography.Text type="secondary">
                  {formatOrderDate(order.orderDate)}
                  {audience === 'admin' && ` · ${order.userName}`}
                </Typography.Text>
                <Typography.Text strong>{formatKes(order.totalAmount)}</Typography.Text>
              </Flex>
              {audience === 'admin' && <Typography.Text type="secondary">{paymentOf(order)}</Typography.Text>}
              <DetailsButton order={order} onViewDetails={onViewDetails} block />
            </Flex>
          </Card>
        ))}
      </Flex>
      {pagination && (
        <Flex justify="center" style={{ marginTop: token.marginMD }}>
          <Pagination simple {...pagination} />
        </Flex>
      )}
    </Spin>
  );
}

/** The list of orders (docs/product.md, Orders and their statuses): a table on wider screens, cards on phones. */
export function OrdersTable({
  orders,
  isLoading,
  onViewDetails,
  audience,
  pagination = false,
  emptyText = MESSAGES.orders.empty,
}: OrdersTableProps) {
  const isPhone = useScreens().md !== true;
  if (isPhone)
    return (
      <OrderCards
        orders={orders}
        isLoading={isLoading}
        onViewDetails={onViewDetails}
        audience={audience}
        pagination={pagination}
        emptyText={emptyText}
      />
    );

  const columns: TableColumnsType<Order> = [
    { title: 'Order ID', dataIndex: 'id', key: 'id', render: (id: number) => <Typography.Text strong>#{id}</Typography.Text> },
    { title: 'Order Date', dataIndex: 'orderDate', key: 'orderDate', render: (date: string) => formatOrderDate(date) },
    ...(audience === 'admin' ? [{ title: 'Customer', dataIndex: 'userName', key: 'userName' }] : []),
    {
      title: 'Order Status',
      dataIndex: 'orderStatus',
      key: 'orderStatus',
      render: (_: unknown, order: Order) => <StatusCell order={order} audience={audience} />,
    },
    ...(audience === 'admin' ? [{ title: 'Payment', key: 'payment', render: (_: unknown, order: Order) => paymentOf(order) }] : []),
    { title: 'Order Price', dataIndex: 'totalAmount', key: 'totalAmount', align: 'right', render: (amount: number) => formatKes(amount) },
    {
      title: 'Details',
      key: 'details',
      render: (_: unknown, order: Order) => <DetailsButton order={order} onViewDetails={onViewDetails} />,
    },
  ];

  return (
    <Table<Order>
      rowKey="id"
      columns={columns}
      dataSource={orders}
      loading={isLoading}
      pagination={pagination}
      // Between phone and laptop widths the table may still be too wide: it scrolls rather than squeezing.
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
    />
  );
}
