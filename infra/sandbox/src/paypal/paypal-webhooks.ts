import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { paypalTime, webhookEventId } from './paypal-ids.js';

export type CaptureEventType = 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED';

export interface CaptureResource {
  id: string;
  status: 'COMPLETED' | 'DECLINED';
  amount: { currency_code: string; value: string };
  final_capture: boolean;
  supplementary_data: { related_ids: { order_id: string } };
  create_time: string;
  update_time: string;
}

export interface WebhookEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: 'capture';
  resource_version: '2.0';
  event_type: CaptureEventType;
  summary: string;
  resource: CaptureResource;
}

export interface WebhookDelivery {
  eventId: string;
  transmissionId: string;
  attempt: number;
  at: string;
  outcome: 'delivered' | 'failed';
  /** The listener's HTTP status; absent when it could not be reached. */
  httpStatus?: number;
  error?: string;
}

export interface WebhookRecord {
  event: WebhookEvent;
  /** Transmissions the delivery setting withheld; `resend` still sends the event. */
  dropped: boolean;
  deliveries: WebhookDelivery[];
}

/** How the sandbox sends the events that follow: `copies` 0 drops them, 2 or more duplicates them. */
export interface WebhookDeliverySetting {
  copies: number;
  delayMs: number;
}

export interface WebhookSenderOptions {
  webhookUrl: string;
  webhookId: string;
  certUrl: string;
  delayMs: number;
  retryDelaysMs: readonly number[];
  attemptTimeoutMs: number;
  log: (line: string) => void;
}

export interface TransmissionHeaders {
  'PAYPAL-TRANSMISSION-ID': string;
  'PAYPAL-TRANSMISSION-TIME': string;
  'PAYPAL-TRANSMISSION-SIG': string;
  'PAYPAL-CERT-URL': string;
  'PAYPAL-AUTH-ALGO': string;
}

export interface VerificationRequest {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: unknown;
}

// PayPal signs with an RSA certificate; the sandbox signs with a key only it holds, which proves
// the same thing to a listener that verifies through the API: the event came from here, unaltered.
export const SANDBOX_AUTH_ALGO = 'HMACSHA256';

/**
 * Sends capture events to the shop's webhook URL as PayPal does: signed transmission headers,
 * retries on failure, every attempt logged. Verification recomputes the signature over the CRC32 of
 * the event, so an event altered after signing fails.
 */
export class WebhookSender {
  private readonly key = randomBytes(32);
  private readonly records = new Map<string, WebhookRecord>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = new AbortController();
  private setting: WebhookDeliverySetting;

  constructor(private readonly options: WebhookSenderOptions) {
    this.setting = { copies: 1, delayMs: options.delayMs };
  }

  publish(eventType: CaptureEventType, resource: CaptureResource): WebhookEvent {
    const verb = eventType === 'PAYMENT.CAPTURE.COMPLETED' ? 'completed' : 'denied';
    const event: WebhookEvent = {
      id: webhookEventId(),
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      resource_version: '2.0',
      event_type: eventType,
      summary: `Payment ${verb} for ${resource.amount.value} ${resource.amount.currency_code}`,
      resource,
    };
    const { copies, delayMs } = this.setting;
    this.records.set(event.id, { event, dropped: copies === 0, deliveries: [] });
    for (let copy = 0; copy < copies; copy += 1) this.schedule(() => this.transmit(event, randomUUID(), 1), delayMs);
    return event;
  }

  /** Sends an event again as a new transmission, as PayPal's "resend" does; answers the first attempt's outcome. */
  async resend(eventId: string): Promise<WebhookDelivery | undefined> {
    const record = this.records.get(eventId);
    return record && this.transmit(record.event, randomUUID(), 1);
  }

  setDelivery(setting: Partial<WebhookDeliverySetting>): WebhookDeliverySetting {
    const copies = setting.copies ?? this.setting.copies;
    const delayMs = setting.delayMs ?? this.setting.delayMs;
    if (!Number.isInteger(copies) || copies < 0 || copies > 10) throw new RangeError('copies must be a whole number from 0 to 10');
    if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 600_000)
      throw new RangeError('delayMs must be a whole number of milliseconds up to 600000');
    this.setting = { copies, delayMs };
    return this.setting;
  }

  list(): WebhookRecord[] {
    return [...this.records.values()];
  }

  verify(request: VerificationRequest): boolean {
    if (request.auth_algo !== SANDBOX_AUTH_ALGO || request.cert_url !== this.options.certUrl) return false;
    const expected = Buffer.from(
      this.signature(request.transmission_id, request.transmission_time, request.webhook_id, JSON.stringify(request.webhook_event)),
    );
    const given = Buffer.from(request.transmission_sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Forgets events and delivery settings; pending transmissions are cancelled. */
  reset(): void {
    this.stop();
    this.stopped = new AbortController();
    this.records.clear();
    this.setting = { copies: 1, delayMs: this.options.delayMs };
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.stopped.abort();
  }

  private signature(transmissionId: string, transmissionTime: string, webhookId: string, body: string): string {
    return createHmac('sha256', this.key)
      .update(`${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`)
      .digest('base64');
  }

  private schedule(task: () => Promise<unknown>, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void task();
    }, delayMs);
    this.timers.add(timer);
  }

  private async transmit(event: WebhookEvent, transmissionId: string, attempt: number): Promise<WebhookDelivery> {
    const body = JSON.stringify(event);
    const transmissionTime = paypalTime();
    const headers: TransmissionHeaders = {
      'PAYPAL-TRANSMISSION-ID': transmissionId,
      'PAYPAL-TRANSMISSION-TIME': transmissionTime,
      'PAYPAL-TRANSMISSION-SIG': this.signature(transmissionId, transmissionTime, this.options.webhookId, body),
      'PAYPAL-CERT-URL': this.options.certUrl,
      'PAYPAL-AUTH-ALGO': SANDBOX_AUTH_ALGO,
    };
    const stopped = this.stopped.signal;
    const delivery: WebhookDelivery = { eventId: event.id, transmissionId, attempt, at: new Date().toISOString(), outcome: 'failed' };
    try {
      const response = await fetch(this.options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'PayPal/AUHR-214.0-58369007 (sandbox)', ...headers },
        body,
        signal: AbortSignal.any([stopped, AbortSignal.timeout(this.options.attemptTimeoutMs)]),
      });
      await response.body?.cancel();
      delivery.httpStatus = response.status;
      if (response.ok) delivery.outcome = 'delivered';
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    // Stopped or reset meanwhile: the record is gone and nothing more is sent.
    if (stopped.aborted) return delivery;
    this.records.get(event.id)?.deliveries.push(delivery);
    const retryDelay = this.options.retryDelaysMs[attempt - 1];
    const verdict = delivery.outcome === 'delivered' ? 'delivered' : `failed (${delivery.httpStatus ?? delivery.error})`;
    this.options.log(
      `paypal webhook ${event.event_type} ${event.id} attempt ${attempt} ${verdict}${delivery.outcome === 'failed' && retryDelay !== undefined ? `, retrying in ${retryDelay} ms` : ''}`,
    );
    if (delivery.outcome === 'failed' && retryDelay !== undefined)
      this.schedule(() => this.transmit(event, transmissionId, attempt + 1), retryDelay);
    return delivery;
  }
}
