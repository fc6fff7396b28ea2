import '../../../styles/antd/admin.css';
import { ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, theme } from 'antd';
import { useEffect } from 'react';
import { MESSAGES, OPS_API } from '@shop/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { messageOfFailure } from '../../../app/shop.api';
import { LoadFailureAlert } from '../../../components/LoadFailureAlert';
import { LiveUpdatesNotice } from '../../realtime/LiveUpdatesNotice';
import { opsWatchStarted, opsWatchStopped } from '../../realtime/realtime.slice';
import { AdminPageHeading } from '../AdminPageHeading';
import { FailedJobsPanel } from './FailedJobsPanel';
import { PipelineHeartbeatCard } from './PipelineHeartbeatCard';
import { formatAge, heartbeatIsLate, newestMeasurement, statsAreStale } from './queue-figures';
import { QueueCard } from './QueueCard';
import { useGetQueuesSnapshotQuery } from './queues.api';
import { useServerClock } from './useServerClock';

/**
 * /admin/queues: every queue's figures and workers, the pipeline's heartbeat, and the failed jobs
 * with Retry and Remove. Live through the socket's ops room (queueConsole.saga.ts).
 */
export function QueueConsolePage() {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const snapshotRead = useGetQueuesSnapshotQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data: snapshot, fulfilledTimeStamp: receivedAt, isLoading, isFetching, error, refetch } = snapshotRead;
  const queues = snapshot?.queues ?? [];
  const heartbeat = snapshot?.heartbeat ?? null;
  const now = useServerClock(snapshot && receivedAt ? { serverTime: snapshot.serverTime, receivedAt } : undefined);

  useEffect(() => {
    dispatch(opsWatchStarted());
    return () => {
      dispatch(opsWatchStopped());
    };
  }, [dispatch]);

  const stale = statsAreStale(queues, now);
  const figuresMissing = stale || queues.some((stats) => stats.processedPerMinute === null);

  return (
    <>
      <Flex justify="space-between" align="baseline" gap={token.marginSM} wrap>
        <AdminPageHeading>Queues</AdminPageHeading>
        <Button href={OPS_API.board} target="_blank" rel="noopener" icon={<ExportOutlined />}>
          Open Bull Board
        </Button>
      </Flex>
      <LiveUpdatesNotice />
      <LoadFailureAlert error={messageOfFailure(error)} onRetry={() => void refetch()} retrying={isFetching} />
      {figuresMissing && (
        <Alert
          type="warning"
          showIcon
          title={MESSAGES.operations.figuresUnknown}
          description={stale ? `The last figures were measured ${formatAge(now - newestMeasurement(queues))}.` : undefined}
          style={{ marginBottom: token.marginMD }}
        />
      )}
      <Flex vertical gap={token.marginMD}>
        <PipelineHeartbeatCard heartbeat={heartbeat} now={now} isLate={heartbeatIsLate(heartbeat, now)} />
        <Row gutter={[token.marginMD, token.marginMD]}>
          {queues.length > 0
            ? queues.map((stats) => (
                <Col key={stats.queue} xs={24} md={12} xxl={6}>
                  <QueueCard stats={stats} />
                </Col>
              ))
            : [0, 1, 2, 3].map((placeholder) => (
                <Col key={placeholder} xs={24} md={12} xxl={6}>
                  <Card size="small" aria-busy={isLoading} aria-label="Loading queue">
                    <Skeleton active={isLoading} paragraph={{ rows: 4 }} />
                  </Card>
                </Col>
              ))}
        </Row>
        <FailedJobsPanel queues={queues} />
      </Flex>
    </>
  );
}
