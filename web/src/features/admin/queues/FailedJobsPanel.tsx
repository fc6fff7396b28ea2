import { DeleteOutlined, RedoOutlined } from '@ant-design/icons';
import {
  Badge,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Popconfirm,
  Select,
  Table,
  Tabs,
  theme,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useEffect, useState } from 'react';
import { QUEUE_NAMES, type FailedJobView, type QueueName, type QueueStatsEvent } from '@shop/contracts';
import { messageOfFailure } from '../../../app/shop.api';
import { useItemsInFlight } from '../../../app/useItemsInFlight';
import { useScreens } from '../../../app/useScreens';
import { LoadFailureAlert } from '../../../components/LoadFailureAlert';
import { formatTime, lastPageWithJobs, queueLabel } from './queue-figures';
import {
  FAILED_JOBS_PAGE_SIZE,
  useActOnFailedJobMutation,
  useGetFailedJobsQuery,
  useRetryAllFailedMutation,
  type FailedJobsPage,
} from './queues.api';

function FailedJobDetails({ job }: { job: FailedJobView }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginSM}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'error',
            label: 'Error',
            children: (
              <Typography.Text type="danger" style={{ overflowWrap: 'anywhere' }}>
                {job.error || '–'}
              </Typography.Text>
            ),
            span: 'filled',
          },
          { key: 'data', label: 'Data', children: job.summary || '–' },
          { key: 'attempts', label: 'Attempts', children: `${job.attemptsMade} of ${job.attempts}` },
          { key: 'created', label: 'Queued', children: formatTime(job.createdAt) },
          { key: 'failed', label: 'Failed', children: formatTime(job.failedAt) },
        ]}
      />
      {job.stack && (
        <pre
          aria-label="Stack trace"
          style={{
            margin: 0,
            padding: token.paddingSM,
            maxHeight: 280,
            overflow: 'auto',
            fontFamily: token.fontFamilyCode,
            fontSize: token.fontSizeSM,
            background: token.colorFillTertiary,
            borderRadius: token.borderRadius,
            // Wrapped, not scrolled: a long line would otherwise widen the whole table past a phone's screen.
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {job.stack}
        </pre>
      )}
    </Flex>
  );
}

/** A queue's failed set: what failed and why, and Retry, Remove or Retry all. */
export function FailedJobsPanel({ queues }: { queues: QueueStatsEvent[] }) {
  const { token } = theme.useToken();
  const isPhone = useScreens().sm !== true;
  const [shown, setShown] = useState<FailedJobsPage>({ queue: QUEUE_NAMES[0]!, page: 1 });
  const { queue, page } = shown;
  // currentData: another page's or queue's rows never stand under this one's tab while it loads.
  const { currentData: jobs, isFetching, error, refetch } = useGetFailedJobsQuery(shown, { refetchOnMountOrArgChange: true });
  const [actOnFailedJob] = useActOnFailedJobMutation();
  const retrying = useItemsInFlight((jobId: string) => actOnFailedJob({ queue, jobId, act: 'retry' }));
  const removing = useItemsInFlight((jobId: string) => actOnFailedJob({ queue, jobId, act: 'remove' }));
  const [retryAll, { isLoading: isRetryingAll }] = useRetryAllFailedMutation();
  const failedCount = (name: QueueName) => queues.find((stats) => stats.queue === name)?.failed ?? 0;
  // Until this page's answer is in, the pushed count stands in for the set's size.
  const total = jobs?.total ?? failedCount(queue);
  const showQueue = (name: QueueName) => setShown({ queue: name, page: 1 });

  // Retries emptied the page on show: the last page that has jobs takes its place.
  useEffect(() => {
    if (!jobs || jobs.items.length > 0) return;
    const lastPage = lastPageWithJobs(jobs.total, FAILED_JOBS_PAGE_SIZE);
    if (page > lastPage) setShown({ queue, page: lastPage });
  }, [jobs, queue, page]);

  const columns: TableColumnsType<FailedJobView> = [
    {
      key: 'job',
      title: 'Job',
      render: (_value, job) => (
        <Flex vertical>
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {job.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {job.id}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'summary', title: 'Data', dataIndex: 'summary', responsive: ['md'] },
    {
      key: 'error',
      title: 'Error',
      dataIndex: 'error',
      responsive: ['sm'],
      render: (error: string) => (
        <Typography.Paragraph type="danger" ellipsis={{ rows: 2, tooltip: error }} style={{ marginBottom: 0, maxWidth: 360 }}>
          {error}
        </Typography.Paragraph>
      ),
    },
    { key: 'attempts', title: 'Attempts', responsive: ['lg'], render: (_value, job) => `${job.attemptsMade} / ${job.attempts}` },
    { key: 'failedAt', title: 'Failed', dataIndex: 'failedAt', responsive: ['lg'], render: (at: number | null) => formatTime(at) },
    {
      key: 'actions',
      title: 'Actions',
      align: 'right',
      render: (_value, job) => {
        const busy = retrying.inFlight.includes(job.id) || removing.inFlight.includes(job.id);
        return (
          <Flex gap="small" justify="flex-end" wrap>
            <Button
              size="small"
              icon={<RedoOutlined />}
              loading={busy}
              onClick={() => void retrying.run(job.id)}
              aria-label={`Retry job ${job.id}`}
            >
              Retry
            </Button>
            <Popconfirm
              title="Remove this job?"
              description="It leaves the failed set for good."
              okText="Remove"
              okButtonProps={{ danger: true }}
              onConfirm={() => void removing.run(job.id)}
            >
              <Button size="small" danger icon={<DeleteOutlined />} disabled={busy} aria-label={`Remove job ${job.id}`}>
                Remove
              </Button>
            </Popconfirm>
          </Flex>
        );
      },
    },
  ];

  return (
    <Card
      title="Failed jobs"
      role="region"
      aria-label="Failed jobs"
      extra={
        <Popconfirm
          title={`Retry every failed job of ${queueLabel(queue)}?`}
          okText="Retry all"
          onConfirm={() => void retryAll(queue)}
          disabled={total === 0}
        >
          <Button icon={<RedoOutlined />} loading={isRetryingAll} disabled={total === 0}>
            Retry all
          </Button>
        </Popconfirm>
      }
    >
      {isPhone ? (
        // The four queues' tabs overflow a phone, and antd's overflow button would sit inside the tablist, where only tabs may be.
        <Select
          aria-label="Queue"
          value={queue}
          onChange={showQueue}
          options={QUEUE_NAMES.map((name) => ({ value: name, label: `${queueLabel(name)} (${failedCount(name)} failed)` }))}
          style={{ width: '100%', marginBottom: token.marginSM }}
        />
      ) : (
        <Tabs
          activeKey={queue}
          onChange={(key) => showQueue(key as QueueName)}
          items={QUEUE_NAMES.map((name) => ({
            key: name,
            label: (
              <Flex align="center" gap="small">
                {queueLabel(name)}
                <Badge
                  count={failedCount(name)}
                  overflowCount={999}
                  showZero
                  style={failedCount(name) > 0 ? undefined : { backgroundColor: token.colorFillSecondary, color: token.colorTextSecondary }}
                />
              </Flex>
            ),
          }))}
        />
      )}
      {/* A quiet re-read that failed keeps the rows it had; only a page that could not be shown at all says why. */}
      <LoadFailureAlert error={jobs ? null : messageOfFailure(error)} onRetry={() => void refetch()} retrying={isFetching} />
      <Table<FailedJobView>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={jobs?.items ?? []}
        loading={!jobs && isFetching}
        expandable={{ expandedRowRender: (job) => <FailedJobDetails job={job} /> }}
        locale={{
          emptyText: jobs ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No failed ${queueLabel(queue).toLowerCase()} jobs`} />
          ) : (
            ' '
          ),
        }}
        pagination={{
          current: page,
          pageSize: FAILED_JOBS_PAGE_SIZE,
          total,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (chosen) => setShown({ queue, page: chosen }),
        }}
      />
    </Card>
  );
}
