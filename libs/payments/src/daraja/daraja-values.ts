import { z } from 'zod';

/** Daraja sends numbers as JSON numbers, but some of its answers carry them as strings. */
export const wholeNumber = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

/** An amount M-Pesa moved, in shillings: a number, or a string that may carry cents ("1250.00"). */
export const shillings = z.union([
  z.number().positive(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

/** An M-Pesa receipt (MpesaReceiptNumber, ReceiptNo): capitals and digits. */
export const mpesaReceipt = z.string().regex(/^[A-Z0-9]+$/i);
