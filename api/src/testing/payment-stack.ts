import type { Server } from 'node:http';
import type { DataSource } from 'typeorm';
import { SANDBOX_GOOGLE_CLIENT, SANDBOX_PATHS, type AppConfig } from '@shop/config';
import { AUTH_API_PATHS } from '@shop/contracts';
import { paymentSandboxOptions, startSandbox, type RunningSandbox } from '@shop/sandbox';
import { freePort, testConfig } from '@shop/testing';
import { startTestApi, type TestApi } from './test-api.js';

export interface PaymentStackOptions {
  /** Settings on top of the stack's own (testConfig overrides), e.g. ORDER_RESERVATION_MS. */
  config?: Record<string, string>;
}

export interface PaymentStack {
  api: TestApi;
  server: Server;
  dataSource: DataSource;
  config: AppConfig;
  sandbox: RunningSandbox;
  close(): Promise<void>;
}

/**
 * The sandbox (Daraja, PayPal, Google, Africa's Talking, SMTP) and the api on one configuration, the api on a known port so
 * that the sandbox's callbacks and webhooks reach it over HTTP. The workers join it in the specs of
 * integration/, which run both apps (startShopStack).
 */
export async function startPaymentStack(options: PaymentStackOptions = {}): Promise<PaymentStack> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const settings = testConfig({
    PUBLIC_URL: publicUrl,
    // Short enough for tests to wait for, long enough for the STK answer to be stored before the callback.
    SANDBOX_MPESA_CALLBACK_DELAY_MS: '200',
    MPESA_RECONCILE_DELAY_MS: '500',
    // Checks come due to the moment; the sweep finds them within a tenth of a second.
    MPESA_SWEEP_INTERVAL_MS: '100',
    // Behind one proxy, as the shop runs: each shopper of checkoutDriver comes from an address of
    // their own (X-Forwarded-For), so the per-address checkout limit counts them, not this machine.
    TRUST_PROXY_HOPS: '1',
    ...options.config,
  });
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    ...paymentSandboxOptions(settings),
    googleClient: {
      clientId: SANDBOX_GOOGLE_CLIENT.id,
      clientSecret: SANDBOX_GOOGLE_CLIENT.secret,
      redirectUris: [new URL(AUTH_API_PATHS.googleCallback, publicUrl).href],
    },
  });
  // The sandbox's port is known only now; everything else stays as the sandbox was told.
  const config: AppConfig = {
    ...settings,
    MPESA_BASE_URL: `${sandbox.url}${SANDBOX_PATHS.daraja}`,
    PAYPAL_BASE_URL: `${sandbox.url}${SANDBOX_PATHS.paypal}`,
    OIDC_ISSUER_URL: sandbox.issuer,
    // Messages go to this stack's own stand-ins, never to a dev shop's sandbox on the default ports.
    AT_BASE_URL: `${sandbox.url}${SANDBOX_PATHS.africasTalking}`,
    SMTP_URL: sandbox.mail.url,
  };
  try {
    const api = await startTestApi(config, port);
    const close = async () => {
      await api.app.close();
      await sandbox.close();
    };
    return { api, server: api.server, dataSource: api.dataSource, config, sandbox, close };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}
