/*
 * Africa's Talking's checks of a send, redone here rather than shared with the shop's sender: a
 * stand-in that shared the client's code would agree with the client's mistakes.
 */
import { kenyanMobileNumber } from '@shop/contracts/phone';

/** The septets of one SMS alone, and of each part of a concatenated one (its header takes the other seven). */
export const SINGLE_PART_SEPTETS = 160;
export const MULTIPART_SEPTETS = 153;
/** The limit, not the provider's: the shop's texts fit two parts. */
export const MAX_PARTS = 2;

/** GSM 03.38's default alphabet (the escape character aside), one septet each. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Its extension table: each is sent as the escape character and itself, two septets. */
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

export interface AfricasTalkingApp {
  username: string;
  apiKey: string;
}

export interface SendRequest {
  /** As the shop wrote them, trimmed; whether each is a number the network knows is a recipient's status. */
  to: string[];
  message: string;
  from: string | null;
  parts: number;
}

/** Africa's Talking answers request errors in plain text, not JSON. */
export type Checked<T> = { ok: true; value: T } | { ok: false; status: 400 | 401; reason: string };

/**
 * How many SMS parts GSM-7 text takes, or the characters it cannot carry. An escaped pair is never
 * split across two parts, so a part may hold 152 septets rather than 153.
 */
export function smsParts(text: string): { parts: number } | { notGsm: string[] } {
  const characters = [...text];
  const notGsm = characters.filter((character) => !GSM_BASIC.has(character) && !GSM_EXTENSION.has(character));
  if (notGsm.length > 0) return { notGsm: [...new Set(notGsm)] };
  const septets = characters.map((character) => (GSM_EXTENSION.has(character) ? 2 : 1));
  if (septets.reduce((sum, size) => sum + size, 0) <= SINGLE_PART_SEPTETS) return { parts: 1 };
  let parts = 1;
  let used = 0;
  for (const size of septets) {
    if (used + size > MULTIPART_SEPTETS) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return { parts };
}

/** A recipient Africa's Talking can route: a Kenyan mobile written internationally, +254… (07… is refused as the real API does). */
export function isRoutableNumber(number: string): boolean {
  return /^\+\d+$/.test(number) && kenyanMobileNumber(number) !== null;
}

function field(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The send Africa's Talking would take, or its plain-text refusal; the sandbox also holds the shop to plain GSM text in two parts. */
export function checkSend(body: unknown, apiKey: string | undefined, app: AfricasTalkingApp): Checked<SendRequest> {
  const fields: Record<string, unknown> = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (apiKey === undefined || apiKey === '') return { ok: false, status: 401, reason: 'Request is missing required HTTP header apiKey.' };
  for (const name of ['username', 'to', 'message']) {
    if (field(fields, name) === undefined) return { ok: false, status: 400, reason: `Request is missing required form field '${name}'` };
  }
  if (fields.username !== app.username || apiKey !== app.apiKey)
    return { ok: false, status: 401, reason: 'The supplied authentication is invalid' };
  const message = fields.message as string;
  const counted = smsParts(message);
  if ('notGsm' in counted) {
    return {
      ok: false,
      status: 400,
      reason: `The sandbox takes plain GSM 03.38 text only; the message has ${counted.notGsm.map((character) => JSON.stringify(character)).join(', ')}`,
    };
  }
  if (counted.parts > MAX_PARTS) {
    return {
      ok: false,
      status: 400,
      reason: `The message takes ${counted.parts} SMS parts; the sandbox takes at most ${MAX_PARTS} (${SINGLE_PART_SEPTETS} GSM characters alone, ${MULTIPART_SEPTETS} a part when split, extension characters counting two)`,
    };
  }
  const to = (fields.to as string)
    .split(',')
    .map((number) => number.trim())
    .filter((number) => number !== '');
  if (to.length === 0) return { ok: false, status: 400, reason: "Request is missing required form field 'to'" };
  return { ok: true, value: { to, message, from: field(fields, 'from') ?? null, parts: counted.parts } };
}
