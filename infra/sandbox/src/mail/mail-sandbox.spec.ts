import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { startMailSandbox, type MailSandbox } from './mail-sandbox.js';

describe('mail sandbox', () => {
  let mail: MailSandbox;
  let transport: Transporter;

  const order = (overrides: SendMailOptions = {}): SendMailOptions => ({
    from: '"Toy Duka" <orders@toyduka.test>',
    to: 'wanjiru@example.test',
    subject: 'Order TOYDUKA-1042 is paid',
    text: 'Asante! We have your payment of KES 1,250.',
    html: '<p>Asante! We have your payment of <strong>KES 1,250</strong>.</p>',
    ...overrides,
  });

  beforeAll(async () => {
    mail = await startMailSandbox({ port: 0, host: '127.0.0.1' });
    transport = nodemailer.createTransport(mail.url);
  });

  beforeEach(() => mail.reset());

  afterAll(async () => {
    transport.close();
    await mail.close();
  });

  it('listens where its URL says', () => {
    expect(mail.url).toBe(`smtp://127.0.0.1:${mail.port}`);
    expect(mail.port).toBeGreaterThan(0);
  });

  it('keeps a message with its sender, recipient, subject, text and HTML, under the id it answered with', async () => {
    const info = await transport.sendMail(order());

    const [message] = mail.messages();
    expect(message).toEqual({
      id: expect.any(String),
      receivedAt: expect.any(String),
      from: '"Toy Duka" <orders@toyduka.test>',
      to: ['wanjiru@example.test'],
      subject: 'Order TOYDUKA-1042 is paid',
      text: 'Asante! We have your payment of KES 1,250.',
      html: '<p>Asante! We have your payment of <strong>KES 1,250</strong>.</p>',
    });
    expect(info.response).toBe(`250 OK: queued as ${message.id}`);
    expect(Date.now() - Date.parse(message.receivedAt)).toBeLessThan(5000);
  });

  it('records every envelope recipient, Bcc included', async () => {
    await transport.sendMail(order({ to: 'wanjiru@example.test, otieno@example.test', bcc: 'audit@toyduka.test' }));

    expect(mail.messages()[0].to).toEqual(['wanjiru@example.test', 'otieno@example.test', 'audit@toyduka.test']);
  });

  it('keeps a text-only message with no HTML part', async () => {
    await transport.sendMail(order({ html: undefined }));

    expect(mail.messages()[0]).toMatchObject({
      text: expect.stringMatching(/^Asante! We have your payment of KES 1,250.\n?$/),
      html: null,
    });
  });

  it('lists the newest message first', async () => {
    await transport.sendMail(order({ subject: 'first' }));
    await transport.sendMail(order({ subject: 'second' }));

    expect(mail.messages().map(({ subject }) => subject)).toEqual(['second', 'first']);
  });

  it('refuses a message over 5 MB with 552 and keeps nothing', async () => {
    const send = transport.sendMail(order({ text: 'x'.repeat(5 * 1024 * 1024 + 1) }));

    await expect(send).rejects.toMatchObject({ responseCode: 552 });
    expect(mail.messages()).toEqual([]);
  });

  it('accepts any credentials as well as none', async () => {
    const signedIn = nodemailer.createTransport({ host: '127.0.0.1', port: mail.port, auth: { user: 'anyone', pass: 'anything' } });
    try {
      await signedIn.sendMail(order({ subject: 'with credentials' }));
    } finally {
      signedIn.close();
    }
    await transport.sendMail(order({ subject: 'without' }));

    expect(mail.messages().map(({ subject }) => subject)).toEqual(['without', 'with credentials']);
  });

  it('keeps only the newest 500 messages', async () => {
    const pool = nodemailer.createTransport({ host: '127.0.0.1', port: mail.port, pool: true, maxConnections: 4, maxMessages: Infinity });
    try {
      await pool.sendMail(order({ subject: 'oldest' }));
      for (let batch = 0; batch < 500; batch += 50) {
        await Promise.all(Array.from({ length: 50 }, (_, index) => pool.sendMail(order({ subject: `newer ${batch + index}` }))));
      }
    } finally {
      pool.close();
    }

    const subjects = mail.messages().map(({ subject }) => subject);
    expect(subjects).toHaveLength(500);
    expect(subjects).not.toContain('oldest');
  });

  it('closes within seconds while a client keeps its connection open', async () => {
    const other = await startMailSandbox({ port: 0 });
    const pool = nodemailer.createTransport({ host: '127.0.0.1', port: other.port, pool: true });
    try {
      await pool.sendMail(order());
      const started = Date.now();
      await other.close();
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      pool.close();
    }
  });

  it('forgets every message on reset', async () => {
    await transport.sendMail(order());

    mail.reset();

    expect(mail.messages()).toEqual([]);
  });
});
