/*
 * Daraja's checks of an STK push, of a query and of a Transaction Status query, redone here rather than imported from
 * @shop/payments: a stand-in that shared the client's code would agree with the client's mistakes.
 */

/** Kenya keeps East Africa Time all year: UTC+3, no daylight saving. */
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;
/** How far a request's Timestamp may be from the sandbox's clock. */
export const TIMESTAMP_TOLERANCE_MS = 10 * 60 * 1000;
/** M-Pesa's largest single payment, in shillings. */
export const MAX_STK_AMOUNT = 250_000;
export const ACCOUNT_REFERENCE_MAX_LENGTH = 12;
export const TRANSACTION_DESC_MAX_LENGTH = 13;
/** Remarks and Occasion of a Transaction Status query. */
export const STATUS_TEXT_MAX_LENGTH = 100;
/** The IdentifierType of PartyA when it is an organisation's shortcode. */
const SHORTCODE_IDENTIFIER = '4';

const TRANSACTION_TYPES = new Set(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']);
const KENYAN_MOBILE = /^254[17]\d{8}$/;
const TIMESTAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** YYYYMMDDHHmmss on the clocks of Nairobi. */
export function eatTimestamp(at: Date): string {
  return new Date(at.getTime() + EAT_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

function parseEatTimestamp(value: string): Date | undefined {
  const parts = TIMESTAMP.exec(value);
  if (!parts) return undefined;
  const [, year, month, day, hour, minute, second] = parts;
  const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}+03:00`);
  // Dates such as 31 February parse by rolling over; the round trip catches them.
  return Number.isNaN(at.getTime()) || eatTimestamp(at) !== value ? undefined : at;
}

export interface DarajaApp {
  shortcode: string;
  passkey: string;
}

/** The API user of the paybill, as the Transaction Status API asks for it; unset, every status query is refused. */
export interface DarajaInitiator {
  initiatorName?: string;
  securityCredential?: string;
}

export interface StkPushRequest {
  phone: string;
  amount: number;
  accountReference: string;
  transactionDesc: string;
  callbackUrl: string;
}

type Fields = Record<string, unknown>;

/** Daraja takes numbers and shortcodes as JSON numbers or strings alike. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function checkCredentials(fields: Fields, app: DarajaApp, now: Date): string | undefined {
  if (text(fields.BusinessShortCode) !== app.shortcode) return 'BusinessShortCode';
  const timestamp = text(fields.Timestamp);
  const sentAt = timestamp === undefined ? undefined : parseEatTimestamp(timestamp);
  if (!sentAt || Math.abs(now.getTime() - sentAt.getTime()) > TIMESTAMP_TOLERANCE_MS) return 'Timestamp';
  const password = Buffer.from(`${app.shortcode}${app.passkey}${timestamp}`).toString('base64');
  if (fields.Password !== password) return 'Password';
  return undefined;
}

function wholeShillings(value: unknown): number | undefined {
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof amount === 'number' && Number.isInteger(amount) && amount >= 1 && amount <= MAX_STK_AMOUNT ? amount : undefined;
}

function boundedText(value: unknown, maxLength: number): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && value.length <= maxLength ? value : undefined;
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value)) return undefined;
  return ['http:', 'https:'].includes(new URL(value).protocol) ? value : undefined;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; invalidField: string };

/** The push Daraja would accept, or the first field it would call invalid. */
export function checkStkPush(body: unknown, app: DarajaApp, now: Date): Checked<StkPushRequest> {
  const fields: Fields = typeof body === 'object' && body !== null ? (body as Fields) : {};
  const refused = (invalidField: string): Checked<StkPushRequest> => ({ ok: false, invalidField });
  const credentials = checkCredentials(fields, app, now);
  if (credentials) return refused(credentials);
  if (typeof fields.TransactionType !== 'string' || !TRANSACTION_TYPES.has(fields.TransactionType)) return refused('TransactionType');
  const amount = wholeShillings(fields.Amount);
  if (amount === undefined) return refused('Amount');
  if (!KENYAN_MOBILE.test(text(fields.PartyA) ?? '')) return refused('PartyA');
  if (text(fields.PartyB) !== app.shortcode) return refused('PartyB');
  const phone = text(fields.PhoneNumber);
  if (phone === undefined || !KENYAN_MOBILE.test(phone)) return refused('PhoneNumber');
  const url = httpUrl(fields.CallBackURL);
  if (!url) return refused('CallBackURL');
  const accountReference = boundedText(fields.AccountReference, ACCOUNT_REFERENCE_MAX_LENGTH);
  if (!accountReference) return refused('AccountReference');
  const transactionDesc = boundedText(fields.TransactionDesc, TRANSACTION_DESC_MAX_LENGTH);
  if (!transactionDesc) return refused('TransactionDesc');
  return { ok: true, value: { phone, amount, accountReference, transactionDesc, callbackUrl: url } };
}

/** The CheckoutRequestID of a query Daraja would accept, or the first field it would call invalid. */
export function checkStkQuery(body: unknown, app: DarajaApp, now: Date): Checked<string> {
  const fields: Fields = typeof body === 'object' && body !== null ? (body as Fields) : {};
  const credentials = checkCredentials(fields, app, now);
  if (credentials) return { ok: false, invalidField: credentials };
  const id = fields.CheckoutRequestID;
  return typeof id === 'string' && id !== '' ? { ok: true, value: id } : { ok: false, invalidField: 'CheckoutRequestID' };
}

export interface TransactionStatusRequest {
  /** The M-Pesa receipt asked about. */
  transactionId: string | null;
  /** For an STK push, its CheckoutRequestID (the sandbox's rule: the push has no receipt yet). */
  originatorConversationId: string | null;
  resultUrl: string;
  timeoutUrl: string;
  remarks: string;
  occasion: string | null;
}

/** An optional text field: absent or empty counts as not given. */
function givenText(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'string' ? value : undefined;
}

/** The Transaction Status query Daraja would accept, or the first field it would call invalid. */
export function checkTransactionStatus(body: unknown, app: DarajaApp & DarajaInitiator): Checked<TransactionStatusRequest> {
  const fields: Fields = typeof body === 'object' && body !== null ? (body as Fields) : {};
  const refused = (invalidField: string): Checked<TransactionStatusRequest> => ({ ok: false, invalidField });
  if (typeof fields.Initiator !== 'string' || fields.Initiator !== app.initiatorName) return refused('Initiator');
  if (typeof fields.SecurityCredential !== 'string' || fields.SecurityCredential !== app.securityCredential)
    return refused('SecurityCredential');
  if (fields.CommandID !== 'TransactionStatusQuery') return refused('CommandID');
  const transactionId = givenText(fields.TransactionID);
  if (transactionId === undefined) return refused('TransactionID');
  const originatorConversationId = givenText(fields.OriginatorConversationID);
  if (originatorConversationId === undefined) return refused('OriginatorConversationID');
  if (transactionId === null && originatorConversationId === null) return refused('TransactionID');
  if (text(fields.PartyA) !== app.shortcode) return refused('PartyA');
  if (text(fields.IdentifierType) !== SHORTCODE_IDENTIFIER) return refused('IdentifierType');
  const resultUrl = httpUrl(fields.ResultURL);
  if (!resultUrl) return refused('ResultURL');
  const timeoutUrl = httpUrl(fields.QueueTimeOutURL);
  if (!timeoutUrl) return refused('QueueTimeOutURL');
  const remarks = boundedText(fields.Remarks, STATUS_TEXT_MAX_LENGTH);
  if (!remarks) return refused('Remarks');
  const occasion = givenText(fields.Occasion);
  if (occasion === undefined || (occasion !== null && occasion.length > STATUS_TEXT_MAX_LENGTH)) return refused('Occasion');
  return { ok: true, value: { transactionId, originatorConversationId, resultUrl, timeoutUrl, remarks, occasion } };
}

export function isKenyanMobile(phone: string): boolean {
  return KENYAN_MOBILE.test(phone);
}
