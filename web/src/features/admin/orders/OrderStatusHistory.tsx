import { ORDER_STATUS_LABELS, type OrderStatusChange } from '@shop/contracts';
import { Flex, Skeleton, Timeline, Typography } from 'antd';
import { SHOP_NAME } from '../../../app/brand';
import { formatOrderTime } from '../../orders/order-presentation';

/** Who moved the order, when and why, oldest first. Changes the shop made itself (payments, expiry) name no person. */
export function OrderStatusHistory({ history }: { history: OrderStatusChange[] | null }) {
  return (
    <section aria-label="Status history">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Status history
      </Typography.Title>
      {history === null ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <Timeline
          items={history.map((change, index) => ({
            key: `${change.createdAt}-${index}`,
            color: change.toStatus === 'confirmed' ? 'green' : change.toStatus === 'rejected' || change.toStatus === 'cancelled' ? 'red' : 'gray',
            content: (
              <Flex vertical>
                <Typography.Text strong>
                  {change.fromStatus ? `${ORDER_STATUS_LABELS[change.fromStatus]} → ` : ''}
                  {ORDER_STATUS_LABELS[change.toStatus]}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {formatOrderTime(change.createdAt)} · {change.changedBy ?? SHOP_NAME}
                </Typography.Text>
                {change.reason && <Typography.Text>{change.reason}</Typography.Text>}
              </Flex>
            ),
          }))}
        />
      )}
    </section>
  );
}
