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
import { QUEUE_NAMES, type FailedJobView, type QueueName, type QueueStatsEvent } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useScreens } from '../../../app/useScreens';
import { LoadFailureAlert } from '../../../components/LoadFailureAlert';
import { formatTime, queueLabel } from './queue-figures';
import {
  FAILED_JOBS_PAGE_SIZE,
  failedJobRemoveRequested,
  failedJobRetryRequested,
  failedJobsRequested,
  retryAllRequested,
  selectQueueConsole,
} from './queueConsole.slice';

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
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const isPhone = useScreens().sm !== true;
  const { failed, busyJobIds, isRetryingAll } = useAppSelector(selectQueueConsole);
  const { queue } = failed;
  const failedCount = (name: QueueName) => queues.find((stats) => stats.queue === name)?.failed ?? 0;
  const showQueue = (name: QueueName) => dispatch(failedJobsRequested({ queue: name, page: 1 }));

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
        const busy = busyJobIds.includes(job.id);
        return (
          <Flex gap="small" justify="flex-end" wrap>
            <Button
              size="small"
              icon={<RedoOutlined />}
              loading={busy}
              onClick={() => dispatch(failedJobRetryRequested({ queue, jobId: job.id }))}
              aria-label={`Retry job ${job.id}`}
            >
              Retry
            </Button>
            <Popconfirm
              title="Remove this job?"
              description="It leaves the failed set for good."
              okText="Remove"
              okButtonProps={{ danger: true }}
              onConfirm={() => dispatch(failedJobRemoveRequested({ queue, jobId: job.id }))}
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
          onConfirm={() => dispatch(retryAllRequested(queue))}
          disabled={failed.total === 0}
        >
          <Button icon={<RedoOutlined />} loading={isRetryingAll} disabled={failed.total === 0}>
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
      <LoadFailureAlert
        error={failed.error}
        onRetry={() => dispatch(failedJobsRequested({ queue, page: failed.page }))}
        retrying={failed.isLoading}
      />
      <Table<FailedJobView>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={failed.items}
        loading={failed.isLoading}
        expandable={{ expandedRowRender: (job) => <FailedJobDetails job={job} /> }}
        locale={{
          emptyText: failed.hasLoaded ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No failed ${queueLabel(queue).toLowerCase()} jobs`} />
          ) : (
            ' '
          ),
        }}
        pagination={{
          current: failed.page,
          pageSize: FAILED_JOBS_PAGE_SIZE,
          total: failed.total,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (page) => dispatch(failedJobsRequested({ queue, page })),
        }}
      />
    </Card>
  );
}
