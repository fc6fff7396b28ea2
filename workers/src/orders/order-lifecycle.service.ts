import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Not } from 'typeorm';
import { MESSAGES } from '@shop/contracts';
import { inTransaction, LIVE_MPESA_ATTEMPT_STATES, lockOrder, movePaymentOrThrow, MpesaAttempt, transition } from '@shop/db';

/** The orders queue's own work: expiring unpaid orders. */
@Injectable()
export class OrderLifecycle {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * An order still waiting for its money when its reservation ends is cancelled and its units go
   * back on the shelf, unless an M-Pesa push of it may still be answered: then its check is made
   * due now, and the check asks Daraja before anything is decided (docs/payments.md, Attempts).
   * Anything else (paid, already cancelled, moved on by an admin, an outcome unknown) is left
   * alone, so a late or repeated expiry changes nothing.
   */
  expire(orderId: number): Promise<boolean> {
    return inTransaction(this.dataSource, async (manager) => {
      const locked = await lockOrder(manager, orderId);
      if (!locked || locked.order.orderStatus !== 'pending' || locked.payment.status !== 'pending') return false;
      // An expiry of an earlier window: the order was revived since, with a reservation of its own.
      if (locked.order.reservationExpiresAt && locked.order.reservationExpiresAt.getTime() > Date.now()) return false;
      // A push still live, or one Daraja said was paid whose amount the Transaction Status API is yet to tell.
      const { affected } = await manager.update(
        MpesaAttempt,
        { orderId, state: In([...LIVE_MPESA_ATTEMPT_STATES, 'settled']), nextCheckAt: Not(IsNull()) },
        { nextCheckAt: new Date() },
      );
      if (affected) return false;
      const reason = MESSAGES.payment.orderExpired;
      await movePaymentOrThrow(manager, locked, { to: 'failed', by: 'expiry', reason, details: { failureReason: reason } });
      const refused = await transition(manager, locked.order, { to: 'cancelled', by: 'expiry', reason });
      if (refused) throw new Error(`Order ${orderId} could not expire: ${refused.message}`);
      return true;
    });
  }
}
