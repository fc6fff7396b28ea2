import { Alert, Card, Col, Divider, Flex, Row, Statistic, Tag, theme } from 'antd';
import { MESSAGES, type QueueStatsEvent } from '@shop/contracts';
import { formatDuration, queueLabel, workersText } from './queue-figures';

/** One queue's counts, its last 15 minutes, and who serves it. */
export function QueueCard({ stats }: { stats: QueueStatsEvent }) {
  const { token } = theme.useToken();
  const counts = [
    { title: 'Waiting', value: stats.waiting },
    { title: 'Active', value: stats.active },
    { title: 'Delayed', value: stats.delayed },
    { title: 'Failed', value: stats.failed, color: stats.failed > 0 ? token.colorError : undefined },
    { title: 'Completed', value: stats.completed },
  ];
  const lastMinutes = [
    { title: 'Jobs / min', value: stats.processedPerMinute === null ? '–' : stats.processedPerMinute },
    { title: 'p50', value: formatDuration(stats.p50Ms) },
    { title: 'p95', value: formatDuration(stats.p95Ms) },
  ];
  const statisticStyles = (color?: string) => ({ content: { fontSize: token.fontSizeHeading4, ...(color ? { color } : {}) } });

  return (
    <Card
      size="small"
      title={queueLabel(stats.queue)}
      extra={<Tag color={stats.workers === 0 ? 'error' : 'success'}>{workersText(stats.workers)}</Tag>}
      style={{ height: '100%' }}
      role="region"
      aria-label={`${queueLabel(stats.queue)} queue`}
    >
      <Flex vertical gap={token.marginSM}>
        {stats.workers === 0 && <Alert type="error" showIcon title={MESSAGES.operations.noWorkers} />}
        <Row gutter={[token.marginSM, token.marginSM]}>
          {counts.map(({ title, value, color }) => (
            <Col key={title} xs={8} sm={8} md={8} xl={8}>
              <Statistic title={title} value={value} styles={statisticStyles(color)} />
            </Col>
          ))}
        </Row>
        <Divider plain style={{ margin: 0 }} titlePlacement="start">
          Last 15 minutes
        </Divider>
        <Row gutter={[token.marginSM, token.marginSM]}>
          {lastMinutes.map(({ title, value }) => (
            <Col key={title} span={8}>
              <Statistic title={title} value={value} styles={statisticStyles()} />
            </Col>
          ))}
        </Row>
      </Flex>
    </Card>
  );
}
