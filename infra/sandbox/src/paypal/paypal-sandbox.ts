import { randomBytes } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { renderApprovalPage, renderNotice, SANDBOX_BUYER } from './approval-page.js';
import { readOrderRequest, type Money, type OrderRequest } from './order-request.js';
import { detail, isRefusal, resourceNotFound, sendRefusal } from './paypal-errors.js';
import { debugId, paypalId, paypalTime } from './paypal-ids.js';
import {
  WebhookSender,
  type CaptureResource,
  type VerificationRequest,
  type WebhookDelivery,
  type WebhookDeliverySetting,
  type WebhookRecord,
} from './paypal-webhooks.js';
import { isFullyRefunded, readRefundRequest } from './refund-request.js';

export type Funding = 'balance' | 'declined-card';
const FUNDINGS: readonly Funding[] = ['balance', 'declined-card'];

export interface PaypalSandboxOptions {
  /** The REST app the sandbox knows: its OAuth client and the id of its webhook. */
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Where capture events are POSTed (the shop's webhook listener). */
  webhookUrl: string;
  /** The sandbox's own base for PayPal paths, as browsers reach it: approval links point here. */
  publicUrl: string;
  /** Shown on the approval page when the order names no brand. */
  merchantName?: string;
  tokenLifetimeSeconds?: number;
  /** How long after a capture its event is sent. */
  webhookDelayMs?: number;
  /** The waits before each retry of a failed transmission; its length is the number of retries. */
  webhookRetryDelaysMs?: readonly number[];
  webhookAttemptTimeoutMs?: number;
  /** Receives a line per webhook attempt. */
  log?: (line: string) => void;
}

type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';

/** A refund the sandbox made of a capture; it completes at once. */
export interface SandboxRefund {
  id: string;
  captureId: string;
  orderId: string;
  status: 'COMPLETED';
  amount: Money;
  noteToPayer?: string;
  invoiceId?: string;
  /** The PayPal-Request-Id it was made with: the same id again for the same capture answers this refund. */
  requestId?: string;
  createTime: string;
}

interface SandboxOrder {
  id: string;
  status: OrderStatus;
  request: OrderRequest;
  createTime: string;
  updateTime: string;
  payerId?: string;
  funding?: Funding;
  declineNextCapture: boolean;
  cancelledByPayer: boolean;
  capture?: CaptureResource;
  /** The PayPal-Request-Id of the capture that completed: the same id again replays its answer. */
  captureRequestId?: string;
  /** The capture's refunds, oldest first. */
  refunds: SandboxRefund[];
}

/** What tests see of an order, beyond PayPal's view of it. */
export interface SandboxOrderSummary {
  id: string;
  status: OrderStatus;
  referenceId: string;
  amount: Money;
  returnUrl?: string;
  cancelUrl?: string;
  payerId?: string;
  funding?: Funding;
  captureId?: string;
  cancelledByPayer: boolean;
  declineNextCapture: boolean;
  createTime: string;
}

export interface PaypalSandboxControl {
  orders(): SandboxOrderSummary[];
  order(orderId: string): SandboxOrderSummary | undefined;
  /** The payer's approval without the browser; answers where PayPal would send the browser. */
  approve(orderId: string, funding?: Funding): { redirectUrl?: string; payerId: string };
  /** The payer's cancel without the browser: the order stays as it is, as on PayPal. */
  cancel(orderId: string): { redirectUrl?: string };
  /** The order's next capture answers INSTRUMENT_DECLINED, whatever the payer approved with. */
  declineNextCapture(orderId: string): void;
  /** The refunds made of a capture, oldest first: a replayed refund request shows as no second one. */
  refundsOf(captureId: string): SandboxRefund[];
  webhooks(): WebhookRecord[];
  /** Applies to the events that follow: `copies` 0 drops them, 2 or more duplicates them; `delayMs` holds them back. */
  setWebhookDelivery(setting: Partial<WebhookDeliverySetting>): WebhookDeliverySetting;
  resendWebhook(eventId: string): Promise<WebhookDelivery>;
  /** Signature verifications asked for so far: a shop's limit shows as none asked past it. */
  verificationsAsked(): number;
  /** Every access token issued so far stops working, as when they expire. */
  expireTokens(): void;
  /** Forgets orders and their refunds, webhook events and delivery settings. */
  reset(): void;
  stop(): void;
}

export interface PaypalSandbox {
  router: Router;
  control: PaypalSandboxControl;
}

export class SandboxControlError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_TOKEN_LIFETIME_SECONDS = 32_400;
const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [5_000, 30_000, 120_000];
const TOKEN_SCOPE =
  'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks';

const AUTHENTICATION_FAILURE = {
  name: 'AUTHENTICATION_FAILURE',
  message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
};

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic (.+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

function withQuery(base: string, query: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

function wantsRepresentation(request: Request): boolean {
  return /return=representation/.test(request.get('prefer') ?? '');
}

function summary(order: SandboxOrder): SandboxOrderSummary {
  return {
    id: order.id,
    status: order.status,
    referenceId: order.request.referenceId,
    amount: order.request.amount,
    returnUrl: order.request.returnUrl,
    cancelUrl: order.request.cancelUrl,
    payerId: order.payerId,
    funding: order.funding,
    captureId: order.capture?.id,
    cancelledByPayer: order.cancelledByPayer,
    declineNextCapture: order.declineNextCapture,
    createTime: order.createTime,
  };
}

/**
 * PayPal's REST API as the shop uses it (OAuth, Orders v2 create / show / capture, Payments v2 show
 * capture / refund capture / show refund, webhook events and their verification) and the payer's
 * approval page, with state in memory. Mount the router at the path `publicUrl` ends in.
 */
export function createPaypalSandbox(options: PaypalSandboxOptions): PaypalSandbox {
  const {
    clientId,
    clientSecret,
    webhookId,
    publicUrl,
    merchantName = 'Toy Duka',
    tokenLifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS,
  } = options;
  const appId = `APP-${paypalId()}`;
  const orders = new Map<string, SandboxOrder>();
  const ordersByCreateRequest = new Map<string, SandboxOrder>();
  const tokens = new Map<string, number>();
  const webhooks = new WebhookSender({
    webhookUrl: options.webhookUrl,
    webhookId,
    certUrl: `${publicUrl}/v1/notifications/certs/CERT-sandbox`,
    delayMs: options.webhookDelayMs ?? 1_000,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    attemptTimeoutMs: options.webhookAttemptTimeoutMs ?? 10_000,
    log: options.log ?? (() => undefined),
  });

  const orderUrl = (order: SandboxOrder): string => `${publicUrl}/v2/checkout/orders/${order.id}`;
  const approvalUrl = (order: SandboxOrder): string => `${publicUrl}/checkoutnow?token=${order.id}`;
  const captureUrl = (captureId: string): string => `${publicUrl}/v2/payments/captures/${captureId}`;

  function links(order: SandboxOrder): { href: string; rel: string; method: string }[] {
    const self = { href: orderUrl(order), rel: 'self', method: 'GET' };
    if (order.status === 'COMPLETED') return [self];
    const actions = [
      { href: orderUrl(order), rel: 'update', method: 'PATCH' },
      { href: `${orderUrl(order)}/capture`, rel: 'capture', method: 'POST' },
    ];
    if (order.status === 'APPROVED') return [self, ...actions];
    return [self, { href: approvalUrl(order), rel: order.request.approvalRel, method: 'GET' }, ...actions];
  }

  function orderView(order: SandboxOrder): Record<string, unknown> {
    const payer =
      order.payerId === undefined
        ? undefined
        : {
            name: { given_name: SANDBOX_BUYER.givenName, surname: SANDBOX_BUYER.surname },
            email_address: SANDBOX_BUYER.email,
            payer_id: order.payerId,
            address: { country_code: SANDBOX_BUYER.countryCode },
          };
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      ...(payer && {
        payment_source: {
          paypal: {
            email_address: payer.email_address,
            account_id: payer.payer_id,
            account_status: 'VERIFIED',
            name: payer.name,
            address: payer.address,
          },
        },
      }),
      purchase_units: [
        {
          reference_id: order.request.referenceId,
          amount: order.request.amount,
          payee: { email_address: 'merchant@paypal-sandbox.test', merchant_id: appId.slice(4, 17) },
          ...(order.capture && { payments: { captures: [captureView(order, order.capture)] } }),
        },
      ],
      ...(payer && { payer }),
      create_time: order.createTime,
      update_time: order.updateTime,
      links: links(order),
    };
  }

  function captureStatus(order: SandboxOrder, capture: CaptureResource): string {
    if (order.refunds.length === 0) return capture.status;
    return isFullyRefunded(
      capture.amount,
      order.refunds.map((refund) => refund.amount),
    )
      ? 'REFUNDED'
      : 'PARTIALLY_REFUNDED';
  }

  function captureView(order: SandboxOrder, capture: CaptureResource): Record<string, unknown> {
    return {
      id: capture.id,
      status: captureStatus(order, capture),
      amount: capture.amount,
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      create_time: capture.create_time,
      update_time: capture.update_time,
      links: [
        { href: captureUrl(capture.id), rel: 'self', method: 'GET' },
        { href: `${captureUrl(capture.id)}/refund`, rel: 'refund', method: 'POST' },
        { href: orderUrl(order), rel: 'up', method: 'GET' },
      ],
    };
  }

  /** PayPal answers a new refund with its id, status and links unless asked for the whole refund; showing one answers it whole. */
  function refundView(refund: SandboxRefund, representation: boolean): Record<string, unknown> {
    const links = [
      { href: `${publicUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: captureUrl(refund.captureId), rel: 'up', method: 'GET' },
    ];
    if (!representation) return { id: refund.id, status: refund.status, links };
    return {
      id: refund.id,
      amount: refund.amount,
      ...(refund.noteToPayer === undefined ? {} : { note_to_payer: refund.noteToPayer }),
      ...(refund.invoiceId === undefined ? {} : { invoice_id: refund.invoiceId }),
      status: refund.status,
      create_time: refund.createTime,
      update_time: refund.createTime,
      links,
    };
  }

  function findCapture(captureId: string): { order: SandboxOrder; capture: CaptureResource } | undefined {
    for (const order of orders.values()) {
      if (order.capture?.id === captureId) return { order, capture: order.capture };
    }
    return undefined;
  }

  function findOrder(orderId: string): SandboxOrder {
    const order = orders.get(orderId);
    if (!order) throw new SandboxControlError(404, `no PayPal order ${orderId}`);
    return order;
  }

  function approve(order: SandboxOrder, funding: Funding): { redirectUrl?: string; payerId: string } {
    if (order.status === 'COMPLETED') throw new SandboxControlError(409, `order ${order.id} is already captured`);
    order.status = 'APPROVED';
    order.payerId = SANDBOX_BUYER.payerId;
    order.funding = funding;
    order.updateTime = paypalTime();
    const redirectUrl = order.request.returnUrl && withQuery(order.request.returnUrl, { token: order.id, PayerID: order.payerId });
    return { redirectUrl, payerId: order.payerId };
  }

  function cancel(order: SandboxOrder): { redirectUrl?: string } {
    if (order.status === 'COMPLETED') throw new SandboxControlError(409, `order ${order.id} is already captured`);
    order.cancelledByPayer = true;
    return { redirectUrl: order.request.cancelUrl && withQuery(order.request.cancelUrl, { token: order.id }) };
  }

  function captureResource(order: SandboxOrder, status: CaptureResource['status']): CaptureResource {
    const now = paypalTime();
    return {
      id: paypalId(),
      status,
      amount: order.request.amount,
      final_capture: true,
      supplementary_data: { related_ids: { order_id: order.id } },
      create_time: now,
      update_time: now,
    };
  }

  let verifications = 0;
  const control: PaypalSandboxControl = {
    orders: () => [...orders.values()].map(summary),
    order: (orderId) => {
      const order = orders.get(orderId);
      return order && summary(order);
    },
    approve: (orderId, funding = 'balance') => approve(findOrder(orderId), funding),
    cancel: (orderId) => cancel(findOrder(orderId)),
    declineNextCapture: (orderId) => {
      findOrder(orderId).declineNextCapture = true;
    },
    refundsOf: (captureId) => {
      const found = findCapture(captureId);
      if (!found) throw new SandboxControlError(404, `no PayPal capture ${captureId}`);
      return found.order.refunds.map((refund) => ({ ...refund }));
    },
    webhooks: () => webhooks.list(),
    setWebhookDelivery: (setting) => webhooks.setDelivery(setting),
    resendWebhook: async (eventId) => {
      const delivery = await webhooks.resend(eventId);
      if (!delivery) throw new SandboxControlError(404, `no webhook event ${eventId}`);
      return delivery;
    },
    verificationsAsked: () => verifications,
    expireTokens: () => tokens.clear(),
    reset: () => {
      verifications = 0;
      orders.clear();
      ordersByCreateRequest.clear();
      webhooks.reset();
    },
    stop: () => webhooks.stop(),
  };

  const router = Router();
  const readJson = express.json({ type: () => true, limit: '100kb' });
  const readForm = express.urlencoded({ extended: false, limit: '10kb' });

  router.post('/v1/oauth2/token', readForm, (request, response) => {
    const credentials = basicCredentials(request.get('authorization'));
    if (credentials?.id !== clientId || credentials.secret !== clientSecret) {
      response.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    const grantType = (request.body as Record<string, unknown> | undefined)?.grant_type;
    if (grantType !== 'client_credentials') {
      response.status(400).json({
        error: 'unsupported_grant_type',
        error_description: grantType === undefined ? 'Grant Type is NULL' : 'unsupported grant_type',
      });
      return;
    }
    const accessToken = `A21AA${randomBytes(48).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + tokenLifetimeSeconds * 1000);
    response.json({
      scope: TOKEN_SCOPE,
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: appId,
      expires_in: tokenLifetimeSeconds,
      nonce: `${paypalTime()}${randomBytes(16).toString('base64url')}`,
    });
  });

  function requireToken(request: Request, response: Response, next: NextFunction): void {
    const match = /^Bearer (.+)$/.exec(request.get('authorization') ?? '');
    if (!match) {
      response.status(401).json(AUTHENTICATION_FAILURE);
      return;
    }
    const expiresAt = tokens.get(match[1]);
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      tokens.delete(match[1]);
      response.status(401).json({ error: 'invalid_token', error_description: 'Access Token not found in cache' });
      return;
    }
    next();
  }

  router.use(['/v2', '/v1/notifications'], requireToken);

  router.post('/v2/checkout/orders', readJson, (request, response) => {
    const requestId = request.get('paypal-request-id');
    const earlier = requestId === undefined ? undefined : ordersByCreateRequest.get(requestId);
    // A repeated PayPal-Request-Id answers the order the first request made, in its current state.
    const parsed = earlier ? earlier.request : readOrderRequest(request.body);
    if (isRefusal(parsed)) {
      sendRefusal(response, parsed);
      return;
    }
    const now = paypalTime();
    const order = earlier ?? {
      id: paypalId(),
      status: parsed.approvalRel === 'payer-action' ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      request: parsed,
      createTime: now,
      updateTime: now,
      declineNextCapture: false,
      cancelledByPayer: false,
      refunds: [],
    };
    orders.set(order.id, order);
    if (requestId !== undefined) ordersByCreateRequest.set(requestId, order);
    response
      .status(earlier ? 200 : 201)
      .json(wantsRepresentation(request) ? orderView(order) : { id: order.id, status: order.status, links: links(order) });
  });

  router.get('/v2/checkout/orders/:orderId', (request, response) => {
    const order = orders.get(request.params.orderId);
    if (!order) sendRefusal(response, resourceNotFound('order_id', request.params.orderId));
    else response.json(orderView(order));
  });

  router.post('/v2/checkout/orders/:orderId/capture', readJson, (request, response) => {
    const order = orders.get(request.params.orderId);
    if (!order) {
      sendRefusal(response, resourceNotFound('order_id', request.params.orderId));
      return;
    }
    const requestId = request.get('paypal-request-id');
    if (order.status === 'COMPLETED') {
      if (requestId !== undefined && requestId === order.captureRequestId) response.status(200).json(orderView(order));
      else sendRefusal(response, { status: 422, details: [detail('ORDER_ALREADY_CAPTURED')] });
      return;
    }
    if (order.status !== 'APPROVED') {
      sendRefusal(response, { status: 422, details: [detail('ORDER_NOT_APPROVED')] });
      return;
    }
    if (order.funding === 'declined-card' || order.declineNextCapture) {
      // The declined instrument stays on the order until the payer approves again with another.
      order.declineNextCapture = false;
      order.funding = 'declined-card';
      webhooks.publish('PAYMENT.CAPTURE.DENIED', captureResource(order, 'DECLINED'));
      sendRefusal(response, {
        status: 422,
        details: [detail('INSTRUMENT_DECLINED')],
        links: [{ href: approvalUrl(order), rel: 'redirect', method: 'GET' }],
      });
      return;
    }
    order.capture = captureResource(order, 'COMPLETED');
    order.status = 'COMPLETED';
    order.captureRequestId = requestId;
    order.updateTime = order.capture.update_time;
    webhooks.publish('PAYMENT.CAPTURE.COMPLETED', order.capture);
    response.status(201).json(orderView(order));
  });

  router.get('/v2/payments/captures/:captureId', (request, response) => {
    const found = findCapture(request.params.captureId);
    if (!found) sendRefusal(response, resourceNotFound('capture_id', request.params.captureId), 'payments');
    else response.json(captureView(found.order, found.capture));
  });

  router.post('/v2/payments/captures/:captureId/refund', readJson, (request, response) => {
    const found = findCapture(request.params.captureId);
    if (!found) {
      sendRefusal(response, resourceNotFound('capture_id', request.params.captureId), 'payments');
      return;
    }
    const { order, capture } = found;
    const requestId = request.get('paypal-request-id');
    const earlier = requestId === undefined ? undefined : order.refunds.find((refund) => refund.requestId === requestId);
    if (earlier) {
      response.status(200).json(refundView(earlier, wantsRepresentation(request)));
      return;
    }
    const asked = readRefundRequest(
      request.body,
      capture.amount,
      order.refunds.map((refund) => refund.amount),
    );
    if (isRefusal(asked)) {
      sendRefusal(response, asked, 'payments');
      return;
    }
    const refund: SandboxRefund = {
      id: paypalId(),
      captureId: capture.id,
      orderId: order.id,
      status: 'COMPLETED',
      ...asked,
      ...(requestId === undefined ? {} : { requestId }),
      createTime: paypalTime(),
    };
    order.refunds.push(refund);
    response.status(201).json(refundView(refund, wantsRepresentation(request)));
  });

  router.get('/v2/payments/refunds/:refundId', (request, response) => {
    const refund = [...orders.values()].flatMap((order) => order.refunds).find((candidate) => candidate.id === request.params.refundId);
    if (!refund) sendRefusal(response, resourceNotFound('refund_id', request.params.refundId), 'payments');
    else response.json(refundView(refund, true));
  });

  router.post('/v1/notifications/verify-webhook-signature', readJson, (request, response) => {
    verifications += 1;
    const body = (request.body ?? {}) as Partial<Record<keyof VerificationRequest, unknown>>;
    const textFields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
    const missing: string[] = textFields.filter((field) => typeof body[field] !== 'string' || body[field] === '');
    if (typeof body.webhook_event !== 'object' || body.webhook_event === null) missing.push('webhook_event');
    if (missing.length > 0) {
      // The v1 notifications API answers validation errors in its older shape.
      response.status(400).json({
        name: 'VALIDATION_ERROR',
        message: 'Invalid request - see details',
        debug_id: debugId(),
        information_link: 'https://developer.paypal.com/docs/api/webhooks/v1/#error-VALIDATION_ERROR',
        details: missing.map((field) => ({ field, location: 'body', issue: 'Required field cannot be blank' })),
      });
      return;
    }
    response.json({ verification_status: webhooks.verify(body as VerificationRequest) ? 'SUCCESS' : 'FAILURE' });
  });

  router.get('/checkoutnow', (request, response) => {
    const order = typeof request.query.token === 'string' ? orders.get(request.query.token) : undefined;
    if (!order)
      response
        .status(404)
        .send(
          renderNotice('Payment link not valid', 'This PayPal payment link is not valid. Go back to the shop and start the payment again.'),
        );
    else if (order.status === 'COMPLETED')
      response.send(renderNotice('Already paid', 'This order has already been paid. You can close this page.'));
    else
      response.send(
        renderApprovalPage({
          id: order.id,
          referenceId: order.request.referenceId,
          amount: order.request.amount,
          merchantName: order.request.brandName ?? merchantName,
        }),
      );
  });

  router.post('/checkoutnow', readForm, (request, response) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const order = typeof form.token === 'string' ? orders.get(form.token) : undefined;
    if (!order) {
      response
        .status(404)
        .send(
          renderNotice('Payment link not valid', 'This PayPal payment link is not valid. Go back to the shop and start the payment again.'),
        );
      return;
    }
    if (order.status === 'COMPLETED') {
      response.status(409).send(renderNotice('Already paid', 'This order has already been paid. You can close this page.'));
      return;
    }
    if (form.choice === 'cancel') {
      const { redirectUrl } = cancel(order);
      if (redirectUrl) response.redirect(302, redirectUrl);
      else response.send(renderNotice('Payment cancelled', 'You cancelled the payment. You can close this page.'));
      return;
    }
    if (!FUNDINGS.includes(form.choice as Funding)) {
      response.status(400).send(renderNotice('Choose how to pay', 'Go back and choose one of the buttons.'));
      return;
    }
    const { redirectUrl } = approve(order, form.choice as Funding);
    if (redirectUrl) response.redirect(302, redirectUrl);
    else response.send(renderNotice('Payment approved', 'You approved the payment. You can close this page.'));
  });

  router.use('/control', controlRouter(control));

  router.use((error: unknown, _request: Request, response: Response, next: NextFunction) => {
    if (response.headersSent) {
      next(error);
      return;
    }
    const parseFailed = (error as { type?: string }).type === 'entity.parse.failed';
    sendRefusal(response, parseFailed ? { status: 400, details: [detail('MALFORMED_REQUEST_JSON')] } : { status: 500, details: [] });
  });

  return { router, control };
}

/** The control API over HTTP, for tests and people driving the shop by hand (see docs/sandbox-paypal.md). */
function controlRouter(control: PaypalSandboxControl): Router {
  const router = Router();
  router.use(express.json());

  router.get('/orders', (_request, response) => {
    response.json(control.orders());
  });
  router.get('/orders/:orderId', (request, response) => {
    const order = control.order(request.params.orderId);
    if (!order) throw new SandboxControlError(404, `no PayPal order ${request.params.orderId}`);
    response.json(order);
  });
  router.post('/orders/:orderId/approve', (request, response) => {
    const funding = (request.body as { funding?: unknown } | undefined)?.funding ?? 'balance';
    if (!FUNDINGS.includes(funding as Funding)) throw new SandboxControlError(400, `funding must be one of ${FUNDINGS.join(', ')}`);
    response.json(control.approve(request.params.orderId, funding as Funding));
  });
  router.post('/orders/:orderId/cancel', (request, response) => {
    response.json(control.cancel(request.params.orderId));
  });
  router.post('/orders/:orderId/decline-next-capture', (request, response) => {
    control.declineNextCapture(request.params.orderId);
    response.status(204).end();
  });
  router.get('/captures/:captureId/refunds', (request, response) => {
    response.json(control.refundsOf(request.params.captureId));
  });
  router.get('/webhooks', (_request, response) => {
    response.json(control.webhooks());
  });
  router.post('/webhooks/:eventId/resend', async (request, response) => {
    response.json(await control.resendWebhook(request.params.eventId));
  });
  router.put('/webhook-delivery', (request, response) => {
    const { copies, delayMs } = (request.body ?? {}) as { copies?: number; delayMs?: number };
    try {
      response.json(control.setWebhookDelivery({ copies, delayMs }));
    } catch (error) {
      throw new SandboxControlError(400, (error as Error).message);
    }
  });
  router.post('/tokens/expire', (_request, response) => {
    control.expireTokens();
    response.status(204).end();
  });
  router.post('/reset', (_request, response) => {
    control.reset();
    response.status(204).end();
  });

  router.use((error: unknown, _request: Request, response: Response, next: NextFunction) => {
    if (error instanceof SandboxControlError) response.status(error.status).json({ error: error.message });
    else if ((error as { type?: string }).type === 'entity.parse.failed') response.status(400).json({ error: 'the body is not JSON' });
    else next(error);
  });
  return router;
}
