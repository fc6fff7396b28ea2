import { z } from 'zod';

export type PaypalCaptureEventType = 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED';

/** A capture event the shop acts on, read from PayPal's webhook body. */
export interface PaypalCaptureEvent {
  /** The event id (WH-…): the same event may arrive more than once. */
  id: string;
  eventType: PaypalCaptureEventType;
  orderId: string;
  captureId: string;
  /** The capture's status: COMPLETED, DECLINED, … */
  status: string;
  amount: { currency: string; value: string };
}

const captureEventSchema = z.object({
  id: z.string().min(1),
  event_type: z.enum(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED']),
  resource_type: z.literal('capture'),
  resource: z.object({
    id: z.string().min(1),
    status: z.string().min(1),
    amount: z.object({ currency_code: z.string().length(3), value: z.string().regex(/^\d+(\.\d+)?$/) }),
    supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().min(1) }) }),
  }),
});

/**
 * Reads a webhook body (raw or parsed) as a capture event; null for anything else: another event
 * type, or a body that is not what PayPal sends. Verify the event with `PaypalClient.verifyWebhook`
 * before trusting it.
 */
export function parseWebhookEvent(body: unknown): PaypalCaptureEvent | null {
  let event = body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    try {
      event = JSON.parse(body.toString());
    } catch {
      return null;
    }
  }
  const parsed = captureEventSchema.safeParse(event);
  if (!parsed.success) return null;
  const { id, event_type: eventType, resource } = parsed.data;
  return {
    id,
    eventType,
    orderId: resource.supplementary_data.related_ids.order_id,
    captureId: resource.id,
    status: resource.status,
    amount: { currency: resource.amount.currency_code, value: resource.amount.value },
  };
}
