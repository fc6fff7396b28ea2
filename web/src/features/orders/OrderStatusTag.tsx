import { Tag, theme } from 'antd';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@shop/contracts';
import { orderStatusTone } from './order-presentation';

/** The order status badge: green for confirmed, red for rejected, black for every other status. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { token } = theme.useToken();
  const colours = { confirmed: token.colorSuccess, rejected: token.colorError, other: token.colorText };
  return (
    <Tag variant="solid" color={colours[orderStatusTone(status)]} data-status={status} style={{ marginInlineEnd: 0 }}>
      {ORDER_STATUS_LABELS[status]}
    </Tag>
  );
}
