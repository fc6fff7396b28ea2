import nodemailer from 'nodemailer';
import { loadConfig, SANDBOX_AFRICAS_TALKING_APP, SANDBOX_GOOGLE_CLIENT, SANDBOX_PATHS } from '@shop/config';
import type { OutboxMessages } from './outbox/outbox-router.js';
import { messagingSandboxOptions, paymentSandboxOptions, startSandbox, type RunningSandbox } from './sandbox.js';

describe('the sandbox as npm start runs it', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    sandbox = await startSandbox({
      port: 0,
      googleClient: {
        clientId: SANDBOX_GOOGLE_CLIENT.id,
        clientSecret: SANDBOX_GOOGLE_CLIENT.secret,
        redirectUris: ['http://localhost:3000/api/auth/google/callback'],
      },
      ...paymentSandboxOptions(config),
      ...messagingSandboxOptions({ ...config, SANDBOX_SMTP_PORT: 0 }),
    });
  });
  afterAll(() => sandbox?.close());

  it("shows on its outbox the SMS sent to its Africa's Talking and the e-mail sent to its SMTP server", async () => {
    const sms = await fetch(`${sandbox.url}${SANDBOX_PATHS.africasTalking}/version1/messaging`, {
      method: 'POST',
      headers: { apiKey: SANDBOX_AFRICAS_TALKING_APP.apiKey, Accept: 'application/json' },
      body: new URLSearchParams({
        username: SANDBOX_AFRICAS_TALKING_APP.username,
        to: '+254712345678',
        message: 'Order #1001 is paid: KES 1,200.',
        from: SANDBOX_AFRICAS_TALKING_APP.senderId,
      }),
    });
    expect(sms.status).toBe(201);
    await nodemailer.createTransport(sandbox.mail.url).sendMail({
      from: 'Toy Duka <orders@toyduka.test>',
      to: 'wanjiku@example.test',
      subject: 'Order #1001 is paid',
      text: 'Total KES 1,200',
    });

    const outbox = (await (await fetch(`${sandbox.url}${SANDBOX_PATHS.outbox}/messages.json`)).json()) as OutboxMessages;
    expect(outbox.sms).toEqual([
      expect.objectContaining({ to: '+254712345678', message: 'Order #1001 is paid: KES 1,200.', statusCode: 101, parts: 1 }),
    ]);
    expect(outbox.email).toEqual([expect.objectContaining({ to: ['wanjiku@example.test'], subject: 'Order #1001 is paid' })]);
    const page = await (await fetch(`${sandbox.url}${SANDBOX_PATHS.outbox}`)).text();
    expect(page).toContain('Order #1001 is paid: KES 1,200.');
  });
});
