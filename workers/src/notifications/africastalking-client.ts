import { z } from 'zod';
import type { AppConfig } from '@shop/config';
import { neverSent } from '@shop/payments';

export interface AfricasTalkingClientOptions {
  /** https://api.africastalking.com, https://api.sandbox.africastalking.com, or the sandbox's Africa's Talking path. */
  baseUrl: string;
  username: string;
  apiKey: string;
  /** Unset, Africa's Talking sends from the account's shared short code. */
  senderId?: string;
  timeoutMs?: number;
}

export interface SmsRecipientResult {
  /** As Africa's Talking wrote it back: +254…. */
  number: string;
  statusCode: number;
  /** Africa's Talking's own spelling (Success, InvalidPhoneNumber, UserInBlacklist, …). */
  status: string;
  /** Null for a recipient not sent to, for whom the API answers 'None'. */
  messageId: string | null;
  sent: boolean;
}

/** A send Africa's Talking refused as it was asked (a wrong key, a missing field): the same request would be refused again. */
export class SmsRefused extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`Africa's Talking refused the SMS (HTTP ${status}): ${reason}`);
    this.name = 'SmsRefused';
  }
}

/** A send that failed on the way or at Africa's Talking: worth trying again later, unless it may have gone out. */
export class SmsUnavailable extends Error {
  constructor(
    /** Africa's Talking's HTTP status; null when no answer came. */
    readonly status: number | null,
    readonly reason: string,
    /**
     * The request reached Africa's Talking and its outcome is unknown (no answer in time, a garbled
     * success): the SMS may be on its way, so sending it again could send it twice.
     */
    readonly mayHaveSent = false,
  ) {
    super(`Africa's Talking ${status ?? 'unreachable'}: ${reason}`);
    this.name = 'SmsUnavailable';
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
const GATEWAY_STATUSES = new Set([502, 504]);
/** Processed, sent, queued: Africa's Talking's recipient codes for a message on its way (the delivery report tells the rest). */
const SENT_STATUS_CODES = new Set([100, 101, 102]);
/** What the API gives as the messageId of a recipient it did not send to. */
const NOT_SENT_ID = 'None';

const answerSchema = z.object({
  SMSMessageData: z.object({
    Recipients: z.array(z.object({ number: z.string(), statusCode: z.number().int(), status: z.string(), messageId: z.string() })),
  }),
});

/**
 * Africa's Talking's bulk SMS API (POST /version1/messaging). Each recipient's outcome is a result,
 * not an exception: one refused number must not make the shop resend to the others.
 */
export class AfricasTalkingClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: AfricasTalkingClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async send({ to, message }: { to: string[]; message: string }): Promise<SmsRecipientResult[]> {
    const form = new URLSearchParams({ username: this.options.username, to: to.join(','), message });
    if (this.options.senderId) form.set('from', this.options.senderId);
    let status: number;
    let text: string;
    try {
      // Africa's Talking answers XML unless asked for JSON.
      const response = await fetch(`${this.baseUrl}/version1/messaging`, {
        method: 'POST',
        headers: { apiKey: this.options.apiKey, Accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      // Read by shape: fetch's errors (a DOMException on timeout) need not share this realm's Error.
      const {
        name,
        message: reason,
        cause,
      } = (error ?? {}) as { name?: string; message?: string; cause?: { message?: string; code?: string } };
      if (name === 'TimeoutError') throw new SmsUnavailable(null, `no answer within ${this.timeoutMs} ms`, true);
      throw new SmsUnavailable(null, cause?.message ?? reason ?? String(error), !neverSent(cause?.code));
    }
    // Africa's Talking explains a refused request in plain text.
    if (status >= 400 && status < 500) throw new SmsRefused(status, text);
    // Africa's Talking's own failure says the SMS did not go; a gateway's (502, 504) only that no answer came back.
    if (status >= 500) throw new SmsUnavailable(status, text, GATEWAY_STATUSES.has(status));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const answer = answerSchema.safeParse(body);
    if (!answer.success) throw new SmsUnavailable(status, `unreadable answer: ${text.slice(0, 200)}`, true);
    return answer.data.SMSMessageData.Recipients.map(({ number, statusCode, status: recipientStatus, messageId }) => ({
      number,
      statusCode,
      status: recipientStatus,
      messageId: messageId === NOT_SENT_ID ? null : messageId,
      sent: SENT_STATUS_CODES.has(statusCode),
    }));
  }
}

export type AfricasTalkingSettings = Pick<AppConfig, 'AT_BASE_URL' | 'AT_USERNAME' | 'AT_API_KEY' | 'AT_SENDER_ID'>;

/** The client the configuration names: the sandbox unless AT_* point at Africa's Talking. */
export function africasTalkingClientFromConfig(config: AfricasTalkingSettings): AfricasTalkingClient {
  return new AfricasTalkingClient({
    baseUrl: config.AT_BASE_URL,
    username: config.AT_USERNAME,
    apiKey: config.AT_API_KEY,
    senderId: config.AT_SENDER_ID,
  });
}
