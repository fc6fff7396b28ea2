import { formatKes, OFFLINE_PAYMENT_METHOD_LABELS, PAYMENT_METHOD_LABELS, type Order } from '@shop/contracts';
import { formatOrderTime, refundStatusText } from './order-presentation';

export interface ReceiptLine {
  key: string;
  title: string;
  variationLabel: string | null;
  quantity: number;
  unitPrice: string;
  amount: string;
}

/** How the money came, and the trace that proves it: the M-Pesa receipt, PayPal's reference, or the one an admin recorded. */
export interface ReceiptPayment {
  method: string;
  referenceLabel: string;
  reference: string;
}

/** What a printed receipt says, every amount in KES as the order view shows it. */
export interface Receipt {
  orderNumber: string;
  date: string;
  lines: ReceiptLine[];
  subtotal: string;
  deliveryFee: string;
  total: string;
  payment: ReceiptPayment | null;
  /** The money given back, or still owed back. */
  refund: string | null;
}

/** A receipt acknowledges money received: an order waiting for its payment (or whose payment failed) has none. */
export function hasReceipt(order: Pick<Order, 'paymentStatus'>): boolean {
  return order.paymentStatus === 'paid' || order.paymentStatus === 'refunded';
}

function paymentOf(order: Order): ReceiptPayment | null {
  // Money recorded by hand reached the shop another way than the method chosen at checkout.
  if (order.offlinePayment)
    return {
      method: OFFLINE_PAYMENT_METHOD_LABELS[order.offlinePayment.method],
      referenceLabel: 'Reference',
      reference: order.offlinePayment.reference,
    };
  if (order.paymentReceipt === null) return null;
  const referenceLabel = order.paymentMethod === 'mpesa' ? 'M-Pesa receipt' : 'PayPal reference';
  return { method: PAYMENT_METHOD_LABELS[order.paymentMethod], referenceLabel, reference: order.paymentReceipt };
}

export function receiptOf(order: Order): Receipt {
  return {
    orderNumber: `#${order.id}`,
    date: formatOrderTime(order.orderDate),
    lines: order.cartItems.map((item) => ({
      key: `${item.productId}/${item.variationId ?? 0}`,
      title: item.title,
      variationLabel: item.variationLabel,
      quantity: item.quantity,
      unitPrice: formatKes(item.price),
      amount: formatKes(item.price * item.quantity),
    })),
    subtotal: formatKes(order.subtotalAmount),
    deliveryFee: formatKes(order.deliveryFee),
    total: formatKes(order.totalAmount),
    payment: paymentOf(order),
    refund: refundStatusText(order),
  };
}
