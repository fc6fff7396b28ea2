import { MESSAGES } from '@shop/contracts';

/** Daraja result codes whose failure the shopper can be told in plain words. */
const REASONS: Readonly<Record<number, string>> = {
  1: MESSAGES.payment.mpesaInsufficientFunds,
  1032: MESSAGES.payment.mpesaCancelled,
  1037: MESSAGES.payment.mpesaUnreachable,
  2001: MESSAGES.payment.mpesaWrongPin,
  // The prompt expired on the phone before a PIN was entered.
  1019: MESSAGES.payment.mpesaNotCompleted,
};

/** Why an M-Pesa payment with this (non-zero) result code failed, as the shopper is told it. */
export function mpesaFailureReason(resultCode: number): string {
  return REASONS[resultCode] ?? MESSAGES.payment.mpesaDeclined;
}
