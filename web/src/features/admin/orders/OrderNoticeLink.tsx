import { Typography } from 'antd';
import { adminOrderLink } from './adminOrders.slice';

/**
 * A notification's way to the order it is about. Notifications live outside the router (antd's App
 * holder), so the notifier hands in the navigation it took from the router's hook.
 */
export function OrderNoticeLink({ orderId, onOpen }: { orderId: number; onOpen: (link: string) => void }) {
  const link = adminOrderLink(orderId);
  return (
    <Typography.Link
      href={link}
      onClick={(event) => {
        event.preventDefault();
        onOpen(link);
      }}
    >
      View order #{orderId}
    </Typography.Link>
  );
}
