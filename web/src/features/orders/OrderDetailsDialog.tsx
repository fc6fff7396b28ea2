import { Descriptions, Divider, Flex, Modal, Skeleton, theme, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { formatKes, OFFLINE_PAYMENT_METHOD_LABELS, PAYMENT_METHOD_LABELS, type Order } from '@shop/contracts';
import { formatKenyanMobile } from '@shop/contracts/phone';
import { useScreens } from '../../app/useScreens';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { AmountRow } from '../checkout/AmountRow';
import { paypalChargeText } from '../checkout/paypal-charge';
import { formatOrderDate, PAYMENT_STATUS_LABELS, refundStatusText } from './order-presentation';
import { OrderStatusTag } from './OrderStatusTag';
import { PaymentNote } from './PaymentNote';

interface OrderDetailsDialogProps {
  /** The order shown: the list's copy until its details arrive; null while the dialog is closed. */
  order: Order | null;
  isLoading: boolean;
  error: string | null;
  /** Asked for once the dialog has finished closing, so that its content does not vanish mid-fade. */
  onClosed: () => void;
  onRetry: () => void;
  /** What the admin reads about the payment in place of the shopper's note: what to check, and the M-Pesa attempts. */
  payment?: ReactNode;
  /** What goes under the order: its history, with the shopper's Cancel or the admin's actions and status select. */
  children?: ReactNode;
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={5} style={{ marginTop: 0 }}>
      {children}
    </Typography.Title>
  );
}

function offlinePaymentText({ method, reference, note }: NonNullable<Order['offlinePayment']>): string {
  return [OFFLINE_PAYMENT_METHOD_LABELS[method], reference, note].filter((part) => part !== '').join(' · ');
}

/** One order's details (docs/product.md, Orders and their statuses): the order, its payment, its items and where it goes. */
function OrderDetailsBody({ order, payment }: { order: Order; payment: ReactNode }) {
  const { token } = theme.useToken();
  const shipping = order.addressInfo;
  const refund = refundStatusText(order);
  return (
    <Flex vertical gap={token.marginMD}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'id', label: 'Order ID', children: `#${order.id}` },
          { key: 'date', label: 'Order Date', children: formatOrderDate(order.orderDate) },
          { key: 'price', label: 'Order Price', children: formatKes(order.totalAmount) },
          ...(order.providerAmount
            ? [{ key: 'paypal', label: 'Charged by PayPal', children: paypalChargeText(order.providerAmount) }]
            : []),
          { key: 'status', label: 'Order Status', children: <OrderStatusTag status={order.orderStatus} /> },
          { key: 'method', label: 'Payment Method', children: PAYMENT_METHOD_LABELS[order.paymentMethod] },
          { key: 'payment', label: 'Payment Status', children: PAYMENT_STATUS_LABELS[order.paymentStatus] },
          ...(order.paymentReceipt ? [{ key: 'receipt', label: 'Payment Reference', children: order.paymentReceipt }] : []),
          ...(order.amountReceived !== null
            ? [{ key: 'received', label: 'Amount received', children: formatKes(order.amountReceived) }]
            : []),
          ...(order.offlinePayment ? [{ key: 'offline', label: 'Paid offline', children: offlinePaymentText(order.offlinePayment) }] : []),
          ...(refund
            ? [
                {
                  key: 'refund',
                  label: 'Refund',
                  children: <Typography.Text type={order.refund ? 'success' : 'warning'}>{refund}</Typography.Text>,
                },
              ]
            : []),
        ]}
      />
      {payment ?? <PaymentNote order={order} />}
      <div>
        <SectionTitle>Items</SectionTitle>
        <Flex
          vertical
          role="list"
          aria-label="Items"
          style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }}
        >
          {order.cartItems.map((item, index) => (
            <Flex
              key={`${item.productId}/${item.variationId ?? 0}`}
              role="listitem"
              justify="space-between"
              gap={token.marginSM}
              style={{
                padding: `${token.paddingXS}px ${token.paddingSM}px`,
                borderTop: index > 0 ? `1px solid ${token.colorBorderSecondary}` : undefined,
              }}
            >
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text ellipsis={{ tooltip: item.title }}>{item.title}</Typography.Text>
                {item.variationLabel && <Typography.Text type="secondary">{item.variationLabel}</Typography.Text>}
                <Typography.Text type="secondary">
                  Quantity: {item.quantity} · {formatKes(item.price)} each
                </Typography.Text>
              </Flex>
              <Typography.Text style={{ flexShrink: 0 }}>{formatKes(item.price * item.quantity)}</Typography.Text>
            </Flex>
          ))}
        </Flex>
        <Flex
          vertical
          gap={token.marginXXS}
          role="table"
          aria-label="Order total"
          style={{ marginTop: token.marginSM, paddingInline: token.paddingSM }}
        >
          <AmountRow label="Subtotal" amount={formatKes(order.subtotalAmount)} />
          <AmountRow label="Delivery fee" amount={formatKes(order.deliveryFee)} />
          <AmountRow label="Total" amount={formatKes(order.totalAmount)} strong />
        </Flex>
      </div>
      <div>
        <SectionTitle>Shipping Info</SectionTitle>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'name', label: 'Name', children: order.userName },
            { key: 'address', label: 'Address', children: shipping.address },
            { key: 'county', label: 'County', children: shipping.county },
            { key: 'subCounty', label: 'Sub-county', children: shipping.subCounty },
            { key: 'location', label: 'Location', children: shipping.location },
            { key: 'phone', label: 'Phone', children: formatKenyanMobile(shipping.phone) },
            { key: 'notes', label: 'Notes', children: shipping.notes || '—' },
          ]}
        />
      </div>
    </Flex>
  );
}

/** The 'View Details' dialog of the shopper's and the admin's order lists. */
export function OrderDetailsDialog({ order, isLoading, error, onClosed, onRetry, payment, children }: OrderDetailsDialogProps) {
  const [isClosing, setClosing] = useState(false);
  const isPhone = useScreens().sm !== true;
  return (
    <Modal
      open={order !== null && !isClosing}
      onCancel={() => setClosing(true)}
      afterClose={() => {
        setClosing(false);
        onClosed();
      }}
      title={order ? `Order #${order.id}` : 'Order'}
      footer={null}
      width={{ xs: '100%', md: 720 }}
      destroyOnHidden
      style={isPhone ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
    >
      <LoadFailureAlert error={error} onRetry={onRetry} retrying={isLoading} />
      {order ? <OrderDetailsBody order={order} payment={payment} /> : <Skeleton active />}
      {children && (
        <>
          <Divider />
          {children}
        </>
      )}
    </Modal>
  );
}
