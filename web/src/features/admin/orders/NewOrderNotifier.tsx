import { ShoppingCartOutlined } from '@ant-design/icons';
import { formatKes } from '@shop/contracts';
import { App, Flex, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PAYMENT_METHOD_LABELS } from '../../orders/order-presentation';
import { newOrderNoticeShown } from './adminOrders.slice';
import { OrderNoticeLink } from './OrderNoticeLink';

/**
 * Announces each order the socket says was just placed (`admin:order-created`), on any admin
 * screen. The notification lives outside the router (antd's App holder), so its link navigates
 * through the hook taken here rather than a router Link.
 */
export function NewOrderNotifier() {
  const notices = useAppSelector((state) => state.adminOrders.newOrderNotices);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { notification } = App.useApp();

  useEffect(() => {
    for (const notice of notices) {
      const key = `new-order-${notice.orderId}`;
      notification.open({
        key,
        type: 'info',
        icon: <ShoppingCartOutlined />,
        title: 'New order',
        role: 'status',
        description: (
          <Flex vertical>
            <Typography.Text>
              {notice.userName} · <Typography.Text strong>{formatKes(notice.totalAmount)}</Typography.Text> · {PAYMENT_METHOD_LABELS[notice.paymentMethod]}
            </Typography.Text>
            <OrderNoticeLink
              orderId={notice.orderId}
              onOpen={(link) => {
                notification.destroy(key);
                navigate(link);
              }}
            />
          </Flex>
        ),
      });
      dispatch(newOrderNoticeShown(notice.orderId));
    }
  }, [notices, notification, navigate, dispatch]);

  return null;
}
