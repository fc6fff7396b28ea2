import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { NotificationRecord } from '@shop/contracts';
import { messageOfFailure } from '../../../app/shop.api';
import { Heading } from '../../../components/Heading';
import { LoadFailureAlert } from '../../../components/LoadFailureAlert';
import { formatOrderTime } from '../../orders/order-presentation';
import { useGetOrderMessagesQuery } from './admin-orders.api';
import {
  deliveryReportText,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_STATE_COLOURS,
  NOTIFICATION_STATE_LABELS,
  recipientText,
} from './order-messages';

function TimeOf({ at }: { at: string | null }) {
  return at === null ? <Typography.Text type="secondary">—</Typography.Text> : <time dateTime={at}>{formatOrderTime(at)}</time>;
}

const MESSAGE_COLUMNS: TableColumnsType<NotificationRecord> = [
  { title: 'Sent', key: 'sentAt', render: (_: unknown, record: NotificationRecord) => <TimeOf at={record.sentAt} /> },
  { title: 'About', dataIndex: 'kind', key: 'kind', render: (kind: NotificationRecord['kind']) => NOTIFICATION_KIND_LABELS[kind] },
  {
    title: 'State',
    key: 'state',
    render: (_: unknown, record: NotificationRecord) => (
      <Flex vertical gap={2}>
        <Tag color={NOTIFICATION_STATE_COLOURS[record.state]} style={{ alignSelf: 'flex-start' }}>
          {NOTIFICATION_STATE_LABELS[record.state]}
        </Tag>
        {record.lastError && record.state !== 'sent' && <Typography.Text type="secondary">{record.lastError}</Typography.Text>}
      </Flex>
    ),
  },
  {
    title: 'Delivery report',
    key: 'delivery',
    render: (_: unknown, record: NotificationRecord) => {
      const report = deliveryReportText(record);
      if (report === null) return <Typography.Text type="secondary">{record.channel === 'sms' ? 'None yet' : '—'}</Typography.Text>;
      return (
        <Flex vertical>
          <Typography.Text type={record.deliveryFailureReason ? 'danger' : undefined}>{report}</Typography.Text>
          <Typography.Text type="secondary">
            <TimeOf at={record.deliveryReportedAt} />
          </Typography.Text>
        </Flex>
      );
    },
  },
  // Last, and its own line under the channel: a long e-mail address must not push the outcome out of sight.
  {
    title: 'To',
    key: 'recipient',
    render: (_: unknown, record: NotificationRecord) => (
      <Flex vertical>
        <Typography.Text>{NOTIFICATION_CHANNEL_LABELS[record.channel]}</Typography.Text>
        <Typography.Text type="secondary">{recipientText(record)}</Typography.Text>
      </Flex>
    ),
  },
];

/** What the shop told people about the order the dialog shows, by SMS and e-mail, with Africa's Talking's delivery reports. */
export function OrderMessages({ orderId }: { orderId: number }) {
  // Read at each opening; messages already shown stay when a later read fails, its reason above them.
  const { currentData: items, isFetching, error, refetch } = useGetOrderMessagesQuery(orderId, { refetchOnMountOrArgChange: true });
  const refresh = () => void refetch();
  return (
    <section aria-label="Messages">
      <Flex justify="space-between" align="baseline" gap="small">
        <Heading level={2} look={5} style={{ marginTop: 0 }}>
          Messages
        </Heading>
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={refresh} loading={isFetching && items !== undefined}>
          Refresh
        </Button>
      </Flex>
      <LoadFailureAlert error={messageOfFailure(error)} onRetry={refresh} retrying={isFetching} />
      <Table<NotificationRecord>
        size="small"
        rowKey="id"
        columns={MESSAGE_COLUMNS}
        dataSource={items ?? []}
        loading={items === undefined && isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: items === undefined ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No messages sent yet" />,
        }}
      />
    </section>
  );
}
