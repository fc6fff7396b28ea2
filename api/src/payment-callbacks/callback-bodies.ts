import type { INestApplication } from '@nestjs/common';
import express from 'express';
import { ORDER_API } from '@shop/contracts';

/** Daraja's callbacks are small; PayPal's events a few kilobytes. */
const CALLBACK_BODY_LIMIT = '64kb';

/**
 * The providers' callbacks (which claim JSON, or are refused 415 before this) are read as text: a
 * body that does not parse is still stored (and answered 400) instead of being refused by the JSON
 * parser unseen, and a PayPal event is verified on the bytes PayPal signed. Register before the
 * JSON parser, which leaves a body already read alone.
 */
export function readCallbackBodiesAsText(app: INestApplication): void {
  // app.use matches by prefix: the callback path covers the attempt key below it.
  app.use(
    [ORDER_API.mpesaCallback(':token'), ORDER_API.mpesaStatusResult(':token', ':attemptKey'), ORDER_API.paypalWebhook],
    express.text({ type: () => true, limit: CALLBACK_BODY_LIMIT }),
  );
}

/** The text the provider sent; an empty request has none. */
export function callbackText(body: unknown): string {
  return typeof body === 'string' ? body : '';
}
