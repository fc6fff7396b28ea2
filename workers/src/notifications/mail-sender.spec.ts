import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { SANDBOX_GOOGLE_CLIENT, type AppConfig } from '@shop/config';
import { messagingSandboxOptions, paymentSandboxOptions, startSandbox, type RunningSandbox } from '@shop/sandbox';
import { testConfig } from '@shop/testing';
import { MailRefused, MailSender, mailSenderFromConfig, MailUnavailable } from './mail-sender.js';

const PAID = {
  to: 'wanjiku@example.test',
  subject: 'Order 1042 is paid',
  text: 'Thank you: KES 2,400 received for order 1042.',
  html: '<p>Thank you: <strong>KES 2,400</strong> received for order 1042.</p>',
};

describe('MailSender against the sandbox', () => {
  let sandbox: RunningSandbox;
  let config: AppConfig;
  let sender: MailSender;

  beforeAll(async () => {
    const defaults = testConfig();
    sandbox = await startSandbox({
      port: 0,
      googleClient: { clientId: SANDBOX_GOOGLE_CLIENT.id, clientSecret: SANDBOX_GOOGLE_CLIENT.secret, redirectUris: [] },
      ...paymentSandboxOptions(defaults),
      ...messagingSandboxOptions({ ...defaults, SANDBOX_SMTP_PORT: 0 }),
    });
    config = { ...defaults, SMTP_URL: sandbox.mail.url };
    sender = mailSenderFromConfig(config);
  });
  afterAll(async () => {
    sender?.close();
    await sandbox?.close();
  });
  beforeEach(() => sandbox.mail.reset());

  it('sends a plain-text and an HTML part from MAIL_FROM', async () => {
    const { messageId } = await sender.send(PAID);

    expect(messageId).toMatch(/^<.+@.+>$/);
    expect(sandbox.mail.messages()).toEqual([
      // The sandbox shows the From header as mailparser reads it back, the name quoted.
      expect.objectContaining({
        from: '"Toy Duka" <orders@toyduka.local>',
        to: [PAID.to],
        subject: PAID.subject,
        text: PAID.text,
        html: PAID.html,
      }),
    ]);
  });

  it('says a message the relay refuses for good is refused', async () => {
    const oversized = sender.send({ ...PAID, text: 'x'.repeat(6 * 1024 * 1024) });

    await expect(oversized).rejects.toThrow(MailRefused);
    await expect(oversized).rejects.toEqual(expect.objectContaining({ responseCode: 552 }));
    expect(sandbox.mail.messages()).toEqual([]);
  });

  it('says the relay is unavailable when nothing answers', async () => {
    const stopped = await startSandbox({
      port: 0,
      googleClient: { clientId: 'x', clientSecret: 'y', redirectUris: [] },
      ...paymentSandboxOptions(config),
    });
    await stopped.close();
    const unreachable = mailSenderFromConfig({ ...config, SMTP_URL: stopped.mail.url });
    try {
      const send = unreachable.send(PAID);
      await expect(send).rejects.toThrow(MailUnavailable);
      // Refused at connect: the message was never written, so sending it again is safe.
      await expect(send).rejects.toEqual(expect.objectContaining({ responseCode: null, mayHaveSent: false }));
    } finally {
      unreachable.close();
    }
  });

  it('says the relay is unavailable when it asks to try later', async () => {
    // The sandbox takes every message it can read; a greylisting relay answers a first try with a 4xx.
    const greylisting = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      onRcptTo: (_address, _session, callback) =>
        callback(Object.assign(new Error('4.7.1 Greylisted, try again later'), { responseCode: 450 })),
    });
    greylisting.listen(0);
    await once(greylisting.server, 'listening');
    const relay = mailSenderFromConfig({ ...config, SMTP_URL: `smtp://localhost:${(greylisting.server.address() as AddressInfo).port}` });
    try {
      const send = relay.send(PAID);
      await expect(send).rejects.toThrow(MailUnavailable);
      await expect(send).rejects.toEqual(expect.objectContaining({ responseCode: 450, mayHaveSent: false }));
    } finally {
      relay.close();
      await new Promise<void>((resolve) => greylisting.close(() => resolve()));
    }
  });

  it('says a message may have gone when the relay took its body and then dropped the line', async () => {
    // A relay that speaks just enough SMTP to take the message, then hangs up before its reply.
    const dropping = createServer((socket) => {
      socket.write('220 relay ready\r\n');
      let pending = '';
      let inBody = false;
      socket.on('data', (chunk: Buffer) => {
        pending += chunk.toString('latin1');
        if (inBody) {
          if (pending.includes('\r\n.\r\n')) socket.destroy();
          return;
        }
        const lines = pending.split('\r\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'DATA') {
            inBody = true;
            socket.write('354 go ahead\r\n');
          } else socket.write(verb === 'EHLO' || verb === 'HELO' ? '250 relay\r\n' : '250 OK\r\n');
        }
      });
    });
    dropping.listen(0);
    await once(dropping, 'listening');
    const relay = mailSenderFromConfig({ ...config, SMTP_URL: `smtp://localhost:${(dropping.address() as AddressInfo).port}` });
    try {
      const send = relay.send(PAID);
      await expect(send).rejects.toThrow(MailUnavailable);
      await expect(send).rejects.toEqual(expect.objectContaining({ responseCode: null, mayHaveSent: true }));
    } finally {
      relay.close();
      dropping.close();
    }
  });
});
