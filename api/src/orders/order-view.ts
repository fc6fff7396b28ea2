import type { MpesaAttemptView, OrderDetails, OrderStatusChange, Order as OrderView } from '@shop/contracts';
import type { MpesaAttempt, Order, OrderStatusHistory, Payment } from '@shop/db';

/** An order as loaded for its views: with its owner's name, its lines and its payment. */
export type LoadedOrder = Order & { user: { userName: string } };

/** DECIMAL money as PayPal writes it: two decimals, never a float's noise. */
export function providerAmountOf(payment: Payment): OrderView['providerAmount'] {
  if (payment.method !== 'paypal' || payment.providerAmount === null || payment.exchangeRate === null) return null;
  return { currency: payment.providerCurrency, value: payment.providerAmount.toFixed(2), kesPerUnit: payment.exchangeRate };
}

/**
 * The contract's order (the old app's field names). The payment row is the one home of the payment's
 * state, so paymentStatus is read from it; an order always has one, written with it.
 */
export function toOrderView(order: LoadedOrder, payment: Payment | null): OrderView {
  return {
    id: order.id,
    userId: order.userId,
    userName: order.user.userName,
    cartItems: [...order.items]
      .sort((a, b) => a.id - b.id)
      .map((item) => ({
        productId: item.productId,
        title: item.title,
        image: item.image,
        price: item.unitPrice,
        quantity: item.quantity,
        variationId: item.variationId,
        variationLabel: item.variationLabel,
      })),
    addressInfo: order.addressInfo,
    orderStatus: order.orderStatus,
    paymentMethod: order.paymentMethod,
    paymentStatus: payment?.status ?? order.paymentStatus,
    paymentFailureReason: payment?.failureReason ?? null,
    subtotalAmount: order.subtotalAmount,
    deliveryFee: order.deliveryFee,
    totalAmount: order.totalAmount,
    providerAmount: payment ? providerAmountOf(payment) : null,
    orderDate: order.createdAt.toISOString(),
    orderUpdateDate: order.updatedAt.toISOString(),
    reservationExpiresAt: order.reservationExpiresAt?.toISOString() ?? null,
    paymentId: payment?.providerReference ?? null,
    payerId: payment?.payerId ?? null,
    paymentReceipt: payment?.providerReceipt ?? null,
    amountReceived: payment?.amountReceived ?? null,
    refundDue: payment?.refundDue ?? null,
    paypalApprovalUrl: payment?.method === 'paypal' ? payment.approvalUrl : null,
    offlinePayment: payment?.offlineMethod
      ? { method: payment.offlineMethod, reference: payment.offlineReference ?? '', note: payment.offlineNote }
      : null,
    refund:
      payment?.refundedAt && payment.refundedAmount !== null
        ? { amount: payment.refundedAmount, reference: payment.refundReference ?? '', refundedAt: payment.refundedAt.toISOString() }
        : null,
  };
}

export function toStatusChange(change: OrderStatusHistory & { changedBy: { userName: string } | null }): OrderStatusChange {
  return {
    fromStatus: change.fromStatus,
    toStatus: change.toStatus,
    actor: change.actor,
    changedBy: change.changedBy?.userName ?? null,
    reason: change.reason,
    createdAt: change.createdAt.toISOString(),
  };
}

export function toMpesaAttemptView(attempt: MpesaAttempt): MpesaAttemptView {
  return {
    state: attempt.state,
    phone: attempt.phone,
    amount: attempt.amount,
    checkoutRequestId: attempt.checkoutRequestId,
    resultCode: attempt.resultCode,
    resultDesc: attempt.resultDesc,
    receipt: attempt.receipt,
    createdAt: attempt.createdAt.toISOString(),
  };
}

export function toOrderDetails(
  order: LoadedOrder,
  payment: Payment | null,
  history: OrderStatusChange[],
  mpesaAttempts: MpesaAttempt[],
): OrderDetails {
  return { ...toOrderView(order, payment), history, mpesaAttempts: mpesaAttempts.map(toMpesaAttemptView) };
}
