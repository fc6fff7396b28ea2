import { z } from 'zod';
import { mpesaReceipt, shillings, wholeNumber } from './daraja-values.js';

/** What the result of a Transaction Status query says about one payment, in the shop's words. */
export interface TransactionStatusResult {
  /** As the query sent it: for an STK push, its CheckoutRequestID. */
  originatorConversationId: string;
  conversationId: string;
  /** 0 when M-Pesa found the transaction. */
  resultCode: number;
  resultDesc: string;
  /** The ReceiptNo of the transaction M-Pesa found; null when it found none. */
  receipt: string | null;
  /** The shillings M-Pesa moved, which may differ from the amount asked for; null when the result names none. */
  amount: number | null;
  /** M-Pesa's word for the transaction ('Completed', …); null when the result names none. */
  transactionStatus: string | null;
}

const resultParameter = z.object({ Key: z.string(), Value: z.union([z.string(), z.number()]).optional() });

const resultSchema = z.object({
  Result: z.object({
    ResultCode: wholeNumber,
    ResultDesc: z.string(),
    OriginatorConversationID: z.string().min(1),
    ConversationID: z.string().min(1),
    ResultParameters: z
      .object({
        // Daraja converts these results from XML: a list of one parameter arrives as the parameter itself.
        ResultParameter: z.union([z.array(resultParameter), resultParameter.transform((parameter) => [parameter])]),
      })
      .optional(),
  }),
});

const paymentDetailsSchema = z.object({
  ReceiptNo: mpesaReceipt.optional(),
  Amount: shillings.optional(),
  TransactionStatus: z.string().optional(),
});

/**
 * The result Daraja POSTs to a Transaction Status query's ResultURL, or null when the body is not
 * one (or names a receipt or amount that cannot be read).
 */
export function parseTransactionStatusResult(body: unknown): TransactionStatusResult | null {
  const parsed = resultSchema.safeParse(body);
  if (!parsed.success) return null;
  const { ResultCode, ResultDesc, OriginatorConversationID, ConversationID, ResultParameters } = parsed.data.Result;
  // Daraja lists keys it has nothing for without a Value, or with an empty one.
  const given = (ResultParameters?.ResultParameter ?? []).filter(({ Value }) => Value !== undefined && Value !== '');
  const details = paymentDetailsSchema.safeParse(Object.fromEntries(given.map(({ Key, Value }) => [Key, Value])));
  if (!details.success) return null;
  const { ReceiptNo, Amount, TransactionStatus } = details.data;
  return {
    originatorConversationId: OriginatorConversationID,
    conversationId: ConversationID,
    resultCode: ResultCode,
    resultDesc: ResultDesc,
    receipt: ReceiptNo ?? null,
    amount: Amount ?? null,
    transactionStatus: TransactionStatus ?? null,
  };
}
