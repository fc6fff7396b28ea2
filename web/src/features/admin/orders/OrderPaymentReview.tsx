import { Alert, Flex, Table, theme, Typography, type TableColumnsType } from 'antd';
import { formatKes, mpesaAccountReference, ORDER_STATUS_LABELS, type MpesaAttemptView, type Order } from '@shop/contracts';
import { formatKenyanMobile } from '@shop/contracts/phone';
import { Heading } from '../../../components/Heading';
import { formatOrderTime, MPESA_ATTEMPT_STATE_LABELS } from '../../orders/order-presentation';
import { PaymentNote } from '../../orders/PaymentNote';

const ATTEMPT_COLUMNS: TableColumnsType<MpesaAttemptView> = [
  { title: 'Time', dataIndex: 'createdAt', key: 'createdAt', render: (createdAt: string) => formatOrderTime(createdAt) },
  { title: 'State', dataIndex: 'state', key: 'state', render: (state: MpesaAttemptView['state']) => MPESA_ATTEMPT_STATE_LABELS[state] },
  { title: 'Phone', dataIndex: 'phone', key: 'phone', render: (phone: string) => formatKenyanMobile(phone) },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', render: (amount: number) => formatKes(amount) },
  {
    title: 'CheckoutRequestID',
    dataIndex: 'checkoutRequestId',
    key: 'checkoutRequestId',
    render: (id: string | null) => id ?? <Typography.Text type="secondary">none (Daraja&apos;s answer was lost)</Typography.Text>,
  },
  {
    title: 'Result',
    key: 'result',
    render: (_: unknown, attempt: MpesaAttemptView) =>
      [attempt.resultCode, attempt.resultDesc].filter((part) => part !== null).join(' · ') || '—',
  },
  { title: 'Receipt', dataIndex: 'receipt', key: 'receipt', render: (receipt: string | null) => receipt ?? '—' },
];

/** What to do about a payment M-Pesa could not settle in time: look it up by hand, then record its payment or reject it. */
function UnknownOutcomeAlert({ order, attempts }: { order: Order; attempts: MpesaAttemptView[] }) {
  const phones = [...new Set(attempts.map((attempt) => formatKenyanMobile(attempt.phone)))].join(' or ');
  // The account reference is the one the api gives every STK push of the order.
  const lookFor = `account reference ${mpesaAccountReference(order.id)}${phones ? ` from ${phones}` : ''}`;
  return (
    <Alert
      type="warning"
      showIcon
      title="M-Pesa could not tell whether this order was paid"
      description={`Look for ${lookFor} in the M-Pesa portal. If it was paid, record its payment (Record payment, with the M-Pesa receipt as its reference), which confirms the order; if not, reject it (${ORDER_STATUS_LABELS.rejected}), which puts its units back on the shelf.`}
    />
  );
}

/**
 * The admin's view of an order's payment, under its facts in the details dialog: what to check
 * when its outcome is unknown (else the shopper's note), and every STK push the shop sent.
 * `attempts` is null until the order's details arrive.
 */
export function OrderPaymentReview({ order, attempts }: { order: Order; attempts: MpesaAttemptView[] | null }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginSM}>
      {order.paymentStatus === 'unknown' ? <UnknownOutcomeAlert order={order} attempts={attempts ?? []} /> : <PaymentNote order={order} />}
      {attempts !== null && attempts.length > 0 && (
        <section aria-label="M-Pesa attempts">
          <Heading level={2} look={5} style={{ marginTop: 0 }}>
            M-Pesa attempts
          </Heading>
          <Table<MpesaAttemptView>
            size="small"
            rowKey={(attempt) => `${attempt.createdAt}-${attempt.checkoutRequestId ?? 'none'}`}
            columns={ATTEMPT_COLUMNS}
            dataSource={attempts}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </section>
      )}
    </Flex>
  );
}
