import type { EntityManager } from 'typeorm';
import type { MpesaAttemptState } from '@shop/contracts';
import { MpesaAttempt } from '../entities/mpesa-attempt.entity.js';
import { insertRows } from '../inserts.js';
import { newSecretToken } from '../secret-tokens.js';

/** Attempts whose push may still be answered: the order waits on them, and their checks go on. */
export const LIVE_MPESA_ATTEMPT_STATES: readonly MpesaAttemptState[] = ['sending', 'pushed'];

/** A callback URL nobody can guess from another (docs/payments.md, Attempts). */
export function newCallbackKey(): string {
  return newSecretToken();
}

export interface NewMpesaAttempt {
  orderId: number;
  paymentId: number;
  /** Whole KES. */
  totalAmount: number;
  phone: string;
  callbackKey: string;
  /** When the first check with Daraja is due, should no callback settle it first. */
  firstCheckInMs: number;
}

/** Records a push before it is sent, in the caller's transaction; answers the attempt's id. */
export async function recordMpesaAttempt(manager: EntityManager, attempt: NewMpesaAttempt): Promise<number> {
  return insertRows(manager, MpesaAttempt, {
    orderId: attempt.orderId,
    paymentId: attempt.paymentId,
    amount: attempt.totalAmount,
    phone: attempt.phone,
    callbackKey: attempt.callbackKey,
    state: 'sending',
    nextCheckAt: new Date(Date.now() + attempt.firstCheckInMs),
  });
}
