import { Flex, Skeleton, Timeline, Typography } from 'antd';
import { ORDER_STATUS_LABELS, type OrderStatusChange } from '@shop/contracts';
import { changedByLabel, formatOrderTime, type OrderAudience } from './order-presentation';

function stepTitle({ fromStatus, toStatus }: OrderStatusChange): string {
  // A row from a status to itself is a note on the order (a refund now due, an outcome unknown), not a move.
  if (fromStatus === null || fromStatus === toStatus) return ORDER_STATUS_LABELS[toStatus];
  return `${ORDER_STATUS_LABELS[fromStatus]} → ${ORDER_STATUS_LABELS[toStatus]}`;
}

/** How the order moved, oldest first: each step's time, who moved it (as `audience` may know them) and why. `history` is null until the details arrive. */
export function OrderStatusHistory({ history, audience }: { history: OrderStatusChange[] | null; audience: OrderAudience }) {
  return (
    <section aria-label="Status history">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Status history
      </Typography.Title>
      {history === null ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <Timeline
          items={history.map((change, index) => {
            const who = changedByLabel(change, audience);
            return {
              key: `${change.createdAt}-${index}`,
              color:
                change.toStatus === 'confirmed'
                  ? 'green'
                  : change.toStatus === 'rejected' || change.toStatus === 'cancelled'
                    ? 'red'
                    : 'gray',
              content: (
                <Flex vertical>
                  <Typography.Text strong>{stepTitle(change)}</Typography.Text>
                  <Typography.Text type="secondary">
                    <time dateTime={change.createdAt}>{formatOrderTime(change.createdAt)}</time>
                    {who && ` · ${who}`}
                  </Typography.Text>
                  {change.reason && <Typography.Text>{change.reason}</Typography.Text>}
                </Flex>
              ),
            };
          })}
        />
      )}
    </section>
  );
}
