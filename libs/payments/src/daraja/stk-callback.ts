import { z } from 'zod';
import { parseDarajaTimestamp } from './daraja-timestamp.js';
import { mpesaReceipt, shillings, wholeNumber } from './daraja-values.js';

/** What Daraja's callback says about one STK push, in the shop's words. */
export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  /** Present exactly when the payment succeeded (resultCode 0). */
  metadata?: StkPaymentDetails;
}

export interface StkPaymentDetails {
  amount: number;
  /** The MpesaReceiptNumber. */
  receipt: string;
  transactionDate: Date;
  /** 2547…/2541…, as Daraja sends it. */
  phone: string;
}

const metadataItem = z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() });

const callbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().min(1),
      CheckoutRequestID: z.string().min(1),
      ResultCode: wholeNumber,
      ResultDesc: z.string(),
      CallbackMetadata: z.object({ Item: z.array(metadataItem) }).optional(),
    }),
  }),
});

const paymentDetailsSchema = z.object({
  Amount: shillings,
  MpesaReceiptNumber: mpesaReceipt,
  TransactionDate: z.union([z.number(), z.string()]).transform((value, context) => {
    const at = parseDarajaTimestamp(value);
    if (!at) context.addIssue({ code: 'custom', message: 'not a YYYYMMDDHHmmss time' });
    return at ?? z.NEVER;
  }),
  // Daraja has started masking the middle digits ('2547*****149'); the digits it shows are still checked.
  PhoneNumber: z
    .union([z.number(), z.string()])
    .transform(String)
    .pipe(z.string().regex(/^254[17*][\d*]{8}$/)),
});

/**
 * The callback Daraja POSTs to the CallBackURL, or null when the body is not one: a success must
 * carry the amount, receipt, date and phone, since the payment cannot be checked without them.
 */
export function parseStkCallback(body: unknown): StkCallback | null {
  const parsed = callbackSchema.safeParse(body);
  if (!parsed.success) return null;
  const { MerchantRequestID, CheckoutRequestID, ResultCode, ResultDesc, CallbackMetadata } = parsed.data.Body.stkCallback;
  const callback: StkCallback = {
    merchantRequestId: MerchantRequestID,
    checkoutRequestId: CheckoutRequestID,
    resultCode: ResultCode,
    resultDesc: ResultDesc,
  };
  if (ResultCode !== 0) return callback;
  const items = Object.fromEntries((CallbackMetadata?.Item ?? []).map(({ Name, Value }) => [Name, Value]));
  const details = paymentDetailsSchema.safeParse(items);
  if (!details.success) return null;
  const { Amount, MpesaReceiptNumber, TransactionDate, PhoneNumber } = details.data;
  return { ...callback, metadata: { amount: Amount, receipt: MpesaReceiptNumber, transactionDate: TransactionDate, phone: PhoneNumber } };
}
