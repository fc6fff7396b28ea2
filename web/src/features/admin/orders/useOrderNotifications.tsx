import type { UnknownAction } from '@reduxjs/toolkit';
import { App, Flex, type NotificationArgsProps } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { OrderNoticeLink } from './OrderNoticeLink';

/** How one notice about an order is shown: antd's notification settings and the words above the link to the order. */
export interface OrderNotification extends Omit<NotificationArgsProps, 'key' | 'description'> {
  key: string;
  text: ReactNode;
}

/**
 * Shows each queued notice about an order as an antd notification with a way to that order, then
 * tells the store it was shown. The link closes its notice before it navigates, through the router
 * hook taken here, as a notice is no part of the page that a router Link would leave.
 */
export function useOrderNotifications<Notice extends { orderId: number }>(
  notices: Notice[],
  present: (notice: Notice) => OrderNotification,
  shown: (notice: Notice) => UnknownAction,
): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { notification } = App.useApp();

  useEffect(() => {
    for (const notice of notices) {
      const { key, text, ...settings } = present(notice);
      notification.open({
        ...settings,
        key,
        description: (
          <Flex vertical>
            {text}
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
      dispatch(shown(notice));
    }
  }, [notices, notification, navigate, dispatch, present, shown]);
}
