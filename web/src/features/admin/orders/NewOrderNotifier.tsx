import { ShoppingCartOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { formatKes, PAYMENT_METHOD_LABELS, type AdminOrderPaidEvent } from '@shop/contracts';
import { useAppSelector } from '../../../app/hooks';
import { newOrderNoticeShown } from './adminOrders.slice';
import { useOrderNotifications, type OrderNotification } from './useOrderNotifications';

function presentNewOrder(notice: AdminOrderPaidEvent): OrderNotification {
  return {
    key: `new-order-${notice.orderId}`,
    type: 'info',
    icon: <ShoppingCartOutlined />,
    title: 'New order',
    role: 'status',
    text: (
      <Typography.Text>
        {notice.userName} paid <Typography.Text strong>{formatKes(notice.totalAmount)}</Typography.Text> by{' '}
        {PAYMENT_METHOD_LABELS[notice.paymentMethod]}
      </Typography.Text>
    ),
  };
}

const shownNewOrder = (notice: AdminOrderPaidEvent) => newOrderNoticeShown(notice.orderId);

/** Announces each order the socket says was just paid (`admin:order-paid`), on any admin screen: orders awaiting payment are not news. */
export function NewOrderNotifier() {
  useOrderNotifications(
    useAppSelector((state) => state.adminOrders.newOrderNotices),
    presentNewOrder,
    shownNewOrder,
  );
  return null;
}
