import { Form, Select, Typography } from 'antd';
import { formatKes, MESSAGES, OFFLINE_PAYMENT_METHOD_LABELS, OFFLINE_PAYMENT_METHODS, type OfflinePaymentMethod } from '@shop/contracts';
import { useRecordPaymentMutation } from './admin-orders.api';
import { withNote } from './order-action-fields';
import { OrderActionDialog, type OrderActionProps } from './OrderActionDialog';
import { ReferenceAndNoteFields } from './ReferenceAndNoteFields';

interface RecordPaymentFields {
  method: OfflinePaymentMethod;
  reference: string;
  note?: string;
}

const METHOD_OPTIONS = OFFLINE_PAYMENT_METHODS.map((method) => ({ value: method, label: OFFLINE_PAYMENT_METHOD_LABELS[method] }));

/** Record payment: money the shopper paid outside M-Pesa's prompt and PayPal, which makes the order paid and Confirmed. */
export function RecordPaymentDialog({ order, ...place }: OrderActionProps) {
  const [form] = Form.useForm<RecordPaymentFields>();
  const [recordPayment, request] = useRecordPaymentMutation();
  return (
    <OrderActionDialog<RecordPaymentFields>
      {...place}
      request={request}
      title={`Record payment for order #${order.id}`}
      okText="Record payment"
      form={{
        instance: form,
        onFinish: ({ method, reference, note }) =>
          recordPayment({ orderId: order.id, payment: withNote({ method, reference: reference.trim() }, note) }),
      }}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        The shopper paid {formatKes(order.totalAmount)} another way. Recording it marks the order paid and moves it to Confirmed.
      </Typography.Paragraph>
      <Form.Item name="method" label="How it was paid" rules={[{ required: true, message: MESSAGES.orders.offlineMethodRequired }]}>
        <Select options={METHOD_OPTIONS} placeholder="Choose a way" />
      </Form.Item>
      <ReferenceAndNoteFields
        label="Reference"
        extra="The receipt or transaction number"
        requiredMessage={MESSAGES.orders.offlineReferenceRequired}
      />
    </OrderActionDialog>
  );
}
