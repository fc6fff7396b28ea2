import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  CLOSED_ORDER_STATUSES,
  formatKes,
  MESSAGES,
  OFFLINE_PAYMENT_METHOD_LABELS,
  type OrderDetails,
  type SessionUser,
} from '@shop/contracts';
import {
  announceOrderPaid,
  inTransaction,
  lockOrder,
  movePayment,
  movePaymentOrThrow,
  noteOnOrder,
  Payment,
  recordEvent,
  Refusal,
  transition,
} from '@shop/db';
import { convertKes, PaypalClient, PaypalError } from '@shop/payments';
import type { OfflinePaymentInputDto } from './dto/offline-payment-input.dto.js';
import type { RefundInputDto } from './dto/refund-input.dto.js';
import { orderNotFound, OrdersService } from './orders.service.js';

const noRefundDue = () => new Refusal('NO_REFUND_DUE', MESSAGES.orders.noRefundDue);

interface RefundMade {
  reference: string;
  /** Whole KES given back: what was owed when the refund was asked for. */
  amount: number;
}

/**
 * The admin's money actions on an order (docs/orders.md): recording a payment that reached the
 * shop by hand, so an unpaid order may be shipped on it, and giving back what a shopper is owed.
 */
@Injectable()
export class OrderPaymentsService {
  private readonly logger = new Logger(OrderPaymentsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    private readonly paypal: PaypalClient,
  ) {}

  /**
   * The order's payment becomes paid with the admin's method and reference, and the order moves
   * to Confirmed as the transition table allows (a closed one takes its units again, or is
   * refused). The admins' alert fires as for any paid order. A push still live that is answered
   * later is a second payment, owed back.
   */
  recordOffline(admin: SessionUser, orderId: number, input: OfflinePaymentInputDto): Promise<OrderDetails | Refusal> {
    return inTransaction(this.dataSource, async (manager) => {
      const locked = await lockOrder(manager, orderId);
      if (!locked) return orderNotFound();
      const { order } = locked;
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded')
        return new Refusal('ORDER_ALREADY_PAID', MESSAGES.orders.alreadyPaid);
      const reason = MESSAGES.orders.offlinePaymentReason(OFFLINE_PAYMENT_METHOD_LABELS[input.method], input.reference);
      const details = {
        failureReason: null,
        offlineMethod: input.method,
        offlineReference: input.reference,
        offlineNote: input.note ?? '',
        recordedByUserId: admin.id,
      };
      const paymentRefused = await movePayment(manager, locked, { to: 'paid', by: 'admin', userId: admin.id, reason, details });
      if (paymentRefused) return paymentRefused;
      const orderRefused = await transition(manager, order, { to: 'confirmed', by: 'admin', userId: admin.id, reason });
      if (orderRefused) return orderRefused;
      await announceOrderPaid(manager, order);
      return this.orders.adminOrder(orderId, manager);
    });
  }

  /**
   * Gives back what the order's shopper is owed (`refundDue`), once. A PayPal capture is refunded
   * through PayPal's refund API, outside any transaction, under a request id of the payment's own,
   * so a double click or a retry refunds once; any other refund was sent by the admin, who names
   * it. A closed order's payment becomes refunded; a live one's stays paid (a second payment given back).
   */
  async refund(admin: SessionUser, orderId: number, input: RefundInputDto): Promise<OrderDetails | Refusal> {
    const payment = await this.dataSource.getRepository(Payment).findOneBy({ orderId });
    if (!payment) return orderNotFound();
    if (!payment.refundDue || payment.refundedAt) return noRefundDue();
    const made = await this.giveBack(payment, input);
    if (made instanceof Refusal) return made;
    return inTransaction(this.dataSource, async (manager) => {
      const locked = await lockOrder(manager, orderId);
      if (!locked) return orderNotFound();
      const { order, payment: owed } = locked;
      // Another admin's refund landed first: the same PayPal refund, or one already recorded.
      if (owed.refundedAt || !owed.refundDue) return this.orders.adminOrder(orderId, manager);
      const reason = [MESSAGES.orders.refundReason(formatKes(made.amount), made.reference), input.note].filter(Boolean).join(': ');
      const details = { refundedAmount: made.amount, refundReference: made.reference, refundedAt: new Date(), refundedByUserId: admin.id };
      // A closed order's payment is refunded; a live one's stays paid (a second payment given back).
      const closed = CLOSED_ORDER_STATUSES.includes(order.orderStatus);
      await movePaymentOrThrow(manager, locked, { to: closed ? 'refunded' : owed.status, by: 'admin', userId: admin.id, reason, details });
      await noteOnOrder(manager, order, { by: 'admin', userId: admin.id, reason: reason.slice(0, 255) });
      await recordEvent(manager, 'notification.send', { kind: 'orderRefunded', orderId });
      return this.orders.adminOrder(orderId, manager);
    });
  }

  private async giveBack(payment: Payment, input: RefundInputDto): Promise<RefundMade | Refusal> {
    const capturedByPaypal = payment.method === 'paypal' && !payment.offlineMethod && payment.providerReceipt !== null;
    const amount = payment.refundDue!;
    if (!capturedByPaypal)
      return input.reference
        ? { reference: input.reference, amount }
        : new Refusal('REFUND_REFERENCE_REQUIRED', MESSAGES.orders.refundReferenceRequired);
    const whole = amount === payment.amount || payment.exchangeRate === null;
    try {
      const outcome = await this.paypal.refundCapture(payment.providerReceipt!, {
        requestId: `refund-${payment.id}`,
        ...(whole ? {} : { amount: { currency: payment.providerCurrency, value: convertKes(amount, payment.exchangeRate!) } }),
        ...(input.note ? { noteToPayer: input.note } : {}),
      });
      if (outcome.outcome === 'refunded') return { reference: outcome.refundId, amount };
      // Nothing left of the capture: it was refunded already (by hand on PayPal, or another request).
      if (outcome.outcome === 'already-refunded') return { reference: MESSAGES.orders.refundedOnPaypal, amount };
      return new Refusal('PAYPAL_REFUND_REFUSED', MESSAGES.orders.paypalRefundFailed);
    } catch (error) {
      if (!(error instanceof PaypalError)) throw error;
      this.logger.warn(`PayPal refund of payment ${payment.id} failed: ${error.message}`);
      return new Refusal('PROVIDER_FAILED', MESSAGES.orders.paypalRefundFailed, { provider: 'paypal' });
    }
  }
}
