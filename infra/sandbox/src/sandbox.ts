import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { SANDBOX_AFRICAS_TALKING_APP, SANDBOX_PATHS, type AppConfig } from '@shop/config';
import { ORDER_API } from '@shop/contracts';
import {
  createAfricasTalkingSandbox,
  type AfricasTalkingSandboxControl,
  type AfricasTalkingSandboxOptions,
} from './africastalking/africastalking-sandbox.js';
import { createDarajaSandbox, type DarajaSandbox, type DarajaSandboxOptions } from './daraja/daraja-sandbox.js';
import { createIdentityProvider, type IdentityClient } from './identity/identity-provider.js';
import { startMailSandbox, type MailSandbox } from './mail/mail-sandbox.js';
import { outboxRouter } from './outbox/outbox-router.js';
import { createPaypalSandbox, type PaypalSandbox, type PaypalSandboxOptions } from './paypal/paypal-sandbox.js';

export interface SandboxOptions {
  port: number;
  /** The host browsers and the api use to reach the sandbox; it is part of the issuer URL and of PayPal's approval links. */
  host?: string;
  googleClient: IdentityClient;
  daraja: DarajaSandboxOptions;
  paypal: Omit<PaypalSandboxOptions, 'publicUrl'>;
  /** The SMS stand-in's app; by default the sandbox's own, reporting deliveries at once. */
  africasTalking?: AfricasTalkingSandboxOptions;
  /** The SMTP server's port; 0 (the default) picks a free one. */
  smtpPort?: number;
}

export interface RunningSandbox {
  url: string;
  issuer: string;
  /** The emulated Daraja's state and its test controls (also reachable over HTTP, see docs/sandbox.md). */
  daraja: DarajaSandbox['control'];
  paypal: PaypalSandbox['control'];
  africasTalking: AfricasTalkingSandboxControl;
  /** The SMTP stand-in: its smtp:// address and the mail it kept. */
  mail: Pick<MailSandbox, 'url' | 'messages' | 'reset'>;
  close(): Promise<void>;
}

/** The Daraja app and PayPal app the sandbox stands in for: the ones the shop is configured with. */
export function paymentSandboxOptions(config: AppConfig): Pick<SandboxOptions, 'daraja' | 'paypal'> {
  return {
    daraja: {
      consumerKey: config.MPESA_CONSUMER_KEY,
      consumerSecret: config.MPESA_CONSUMER_SECRET,
      shortcode: config.MPESA_SHORTCODE,
      passkey: config.MPESA_PASSKEY,
      initiatorName: config.MPESA_INITIATOR_NAME,
      securityCredential: config.MPESA_SECURITY_CREDENTIAL,
      callbackDelayMs: config.SANDBOX_MPESA_CALLBACK_DELAY_MS,
    },
    paypal: {
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      webhookId: config.PAYPAL_WEBHOOK_ID,
      webhookUrl: new URL(ORDER_API.paypalWebhook, config.PUBLIC_URL).href,
    },
  };
}

const SANDBOX_SMS_APP: AfricasTalkingSandboxOptions = {
  username: SANDBOX_AFRICAS_TALKING_APP.username,
  apiKey: SANDBOX_AFRICAS_TALKING_APP.apiKey,
  senderIds: [SANDBOX_AFRICAS_TALKING_APP.senderId],
  deliveryDelayMs: 0,
};

/** The SMS and mail stand-ins as `npm start` runs them, knowing the Africa's Talking app the shop is configured with. */
export function messagingSandboxOptions(
  config: Pick<AppConfig, 'AT_USERNAME' | 'AT_API_KEY' | 'AT_SENDER_ID' | 'SANDBOX_SMTP_PORT' | 'SANDBOX_SMS_DELIVERY_DELAY_MS'>,
): Pick<SandboxOptions, 'africasTalking' | 'smtpPort'> {
  return {
    africasTalking: {
      username: config.AT_USERNAME,
      apiKey: config.AT_API_KEY,
      // Without a sender id the shop sends from the shared short code, and any `from` would be refused.
      senderIds: config.AT_SENDER_ID ? [config.AT_SENDER_ID] : [],
      deliveryDelayMs: config.SANDBOX_SMS_DELIVERY_DELAY_MS,
    },
    smtpPort: config.SANDBOX_SMTP_PORT,
  };
}

/** Starts the sandbox's HTTP server; port 0 picks a free one (tests). */
export async function startSandbox({
  port,
  host = 'localhost',
  googleClient,
  daraja: darajaOptions,
  paypal: paypalOptions,
  africasTalking: smsOptions = SANDBOX_SMS_APP,
  smtpPort = 0,
}: SandboxOptions): Promise<RunningSandbox> {
  // The port must be known before the routes can be made (it is part of the issuer), so the
  // server answers 503 until they are: a health check in that moment is told to ask again.
  const ready: { routes?: express.Express } = {};
  const server: Server = createServer((request, response) => {
    if (ready.routes) ready.routes(request, response);
    else response.writeHead(503).end();
  });
  server.listen(port);
  await once(server, 'listening');
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  const issuer = `${url}${SANDBOX_PATHS.identity}`;
  const daraja = createDarajaSandbox(darajaOptions);
  const paypal = createPaypalSandbox({ ...paypalOptions, publicUrl: `${url}${SANDBOX_PATHS.paypal}` });
  const africasTalking = createAfricasTalkingSandbox(smsOptions);
  const mail = await startMailSandbox({ port: smtpPort, host });

  const routes = express();
  routes.disable('x-powered-by');
  routes.get('/health', (_request, response) => {
    response.json({ status: 'ok' });
  });
  routes.use(SANDBOX_PATHS.identity, await createIdentityProvider({ issuer, client: googleClient }));
  routes.use(SANDBOX_PATHS.daraja, daraja.router);
  routes.use(SANDBOX_PATHS.paypal, paypal.router);
  routes.use(SANDBOX_PATHS.africasTalking, africasTalking.router);
  routes.use(SANDBOX_PATHS.outbox, outboxRouter({ sms: () => africasTalking.control.messages(), email: () => mail.messages() }));
  ready.routes = routes;

  return {
    url,
    issuer,
    daraja: daraja.control,
    paypal: paypal.control,
    africasTalking: africasTalking.control,
    mail,
    close: async () => {
      daraja.control.stop();
      paypal.control.stop();
      africasTalking.control.stop();
      await mail.close();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
