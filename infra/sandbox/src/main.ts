import { exitWithReason, loadConfig, SANDBOX_GOOGLE_CLIENT, SANDBOX_PATHS } from '@shop/config';
import { AUTH_API_PATHS, NOTIFICATION_API } from '@shop/contracts';
import { messagingSandboxOptions, paymentSandboxOptions, startSandbox } from './sandbox.js';

/** `npm start` runs this beside the api: the local stand-in for Google sign-in, Daraja, PayPal, Africa's Talking and mail. */
async function main(): Promise<void> {
  const config = loadConfig();
  const messaging = messagingSandboxOptions(config);
  const sandbox = await startSandbox({
    port: config.SANDBOX_PORT,
    host: new URL(config.OIDC_ISSUER_URL).hostname,
    googleClient: {
      clientId: config.GOOGLE_CLIENT_ID ?? SANDBOX_GOOGLE_CLIENT.id,
      clientSecret: config.GOOGLE_CLIENT_SECRET ?? SANDBOX_GOOGLE_CLIENT.secret,
      redirectUris: [new URL(AUTH_API_PATHS.googleCallback, config.PUBLIC_URL).href],
    },
    ...paymentSandboxOptions(config),
    ...messaging,
    // As Africa's Talking's dashboard would be set up: delivery reports go to the shop the sandbox runs beside.
    africasTalking: {
      ...messaging.africasTalking!,
      deliveryReportUrl: new URL(NOTIFICATION_API.africasTalkingDeliveryReport(config.AT_DELIVERY_REPORT_TOKEN), config.PUBLIC_URL).href,
    },
  });
  console.log(
    `sandbox listening: identity provider at ${sandbox.issuer}, Daraja at ${config.MPESA_BASE_URL}, PayPal at ${config.PAYPAL_BASE_URL}, ` +
      `Africa's Talking at ${sandbox.url}${SANDBOX_PATHS.africasTalking}, mail (SMTP) at ${sandbox.mail.url}, every SMS and e-mail at ${sandbox.url}${SANDBOX_PATHS.outbox}`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void sandbox.close().then(() => process.exit(0)));
  }
}

main().catch((error: unknown) => exitWithReason('sandbox', error));
