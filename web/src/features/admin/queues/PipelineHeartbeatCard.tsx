import { HeartOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, Statistic, theme, Typography } from 'antd';
import { MESSAGES, type PipelineHeartbeatEvent } from '@shop/contracts';
import { formatAge, formatDuration } from './queue-figures';

interface PipelineHeartbeatCardProps {
  heartbeat: PipelineHeartbeatEvent | null;
  /** The server's time as the console reckons it; 0 before its clock first ticked. */
  now: number;
  isLate: boolean;
}

/** The heartbeat's trip outbox → relay → queue → worker → socket: its latency, and whether it still beats. */
export function PipelineHeartbeatCard({ heartbeat, now, isLate }: PipelineHeartbeatCardProps) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title="Pipeline heartbeat" role="region" aria-label="Pipeline heartbeat">
      <Flex vertical gap={token.marginSM}>
        {heartbeat ? (
          <Flex align="baseline" gap={token.marginLG} wrap>
            <Statistic
              title="Latency"
              value={formatDuration(heartbeat.latencyMs)}
              prefix={<HeartOutlined />}
              styles={{ content: { color: isLate ? token.colorWarning : token.colorSuccess } }}
            />
            <Typography.Text type="secondary">
              {now > 0 ? `Last beat ${formatAge(now - heartbeat.processedAt)}` : 'Last beat just now'}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">No heartbeat recorded yet.</Typography.Text>
        )}
        {isLate && <Alert type="warning" showIcon title={MESSAGES.operations.heartbeatLate} />}
      </Flex>
    </Card>
  );
}
