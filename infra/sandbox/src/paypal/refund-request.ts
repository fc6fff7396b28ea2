import { currencyDecimals, isRecord, readAmount, type Money } from './order-request.js';
import { detail, type ErrorDetail, type PaypalRefusal } from './paypal-errors.js';

/** A refund request the sandbox accepted for a capture. */
export interface RefundRequest {
  /** What the body asked for, or all that was left of the capture when it asked for no amount. */
  amount: Money;
  noteToPayer?: string;
  invoiceId?: string;
}

const NOTE_TO_PAYER_MAX_LENGTH = 255;
const INVOICE_ID_MAX_LENGTH = 127;

// Counted in hundredths whatever the currency, so that sums and comparisons stay in whole numbers.
function hundredths(value: string): number {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function hundredthsLeft(captured: Money, refunded: readonly Money[]): number {
  return hundredths(captured.value) - refunded.reduce((sum, refund) => sum + hundredths(refund.value), 0);
}

export function isFullyRefunded(captured: Money, refunded: readonly Money[]): boolean {
  return hundredthsLeft(captured, refunded) <= 0;
}

function moneyOf(currency: string, amountInHundredths: number): Money {
  const decimals = currencyDecimals(currency);
  return { currency_code: currency, value: (amountInHundredths / 100).toFixed(decimals) };
}

function readText(body: Record<string, unknown>, field: string, maxLength: number, schemaIssues: ErrorDetail[]): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') schemaIssues.push(detail('INVALID_PARAMETER_SYNTAX', `/${field}`, value));
  else if (value.length === 0 || value.length > maxLength) schemaIssues.push(detail('INVALID_STRING_LENGTH', `/${field}`, value));
  else return value;
  return undefined;
}

/**
 * Checks a `POST /v2/payments/captures/{id}/refund` body against the capture as PayPal does: a
 * malformed body answers 400 INVALID_REQUEST; a capture with nothing left answers 422
 * CAPTURE_FULLY_REFUNDED whatever the body asks, and an amount PayPal will not take, in another
 * currency than the capture's, or above what is left answers 422 UNPROCESSABLE_ENTITY.
 */
export function readRefundRequest(body: unknown, captured: Money, refunded: readonly Money[]): RefundRequest | PaypalRefusal {
  // The body is optional: no body at all, like `{}`, asks for a full refund.
  const fields = body ?? {};
  if (!isRecord(fields)) return { status: 400, details: [detail('MALFORMED_REQUEST_JSON')] };
  const schemaIssues: ErrorDetail[] = [];
  const businessIssues: ErrorDetail[] = [];
  const asked = fields.amount === undefined ? undefined : readAmount(fields, '', schemaIssues, businessIssues);
  const noteToPayer = readText(fields, 'note_to_payer', NOTE_TO_PAYER_MAX_LENGTH, schemaIssues);
  const invoiceId = readText(fields, 'invoice_id', INVOICE_ID_MAX_LENGTH, schemaIssues);
  if (schemaIssues.length > 0) return { status: 400, details: schemaIssues };

  const left = hundredthsLeft(captured, refunded);
  if (left <= 0) return { status: 422, details: [detail('CAPTURE_FULLY_REFUNDED')] };
  if (businessIssues.length > 0) return { status: 422, details: businessIssues };
  if (asked && asked.currency_code !== captured.currency_code) {
    return { status: 422, details: [detail('REFUND_CAPTURE_CURRENCY_MISMATCH', '/amount/currency_code', asked.currency_code)] };
  }
  if (asked && hundredths(asked.value) > left)
    return { status: 422, details: [detail('REFUND_AMOUNT_EXCEEDED', '/amount/value', asked.value)] };
  return {
    amount: asked ?? moneyOf(captured.currency_code, left),
    ...(noteToPayer === undefined ? {} : { noteToPayer }),
    ...(invoiceId === undefined ? {} : { invoiceId }),
  };
}
