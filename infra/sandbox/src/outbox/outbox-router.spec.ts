import express from 'express';
import request from 'supertest';
import type { SentSms } from '../africastalking/africastalking-sandbox.js';
import type { SentEmail } from '../mail/mail-sandbox.js';
import { outboxRouter } from './outbox-router.js';

const MALICIOUS = '<script>alert("owned")</script>';

function sms(overrides: Partial<SentSms> = {}): SentSms {
  return {
    id: 'ATXid_0a1b2c3d4e5f',
    sentAt: '2026-05-04T07:00:00.000Z',
    from: 'TOYDUKA',
    to: '+254708374149',
    message: 'Toy Duka: your order TOYDUKA-1042 is on its way.',
    parts: 1,
    statusCode: 101,
    status: 'Success',
    cost: 'KES 0.8000',
    delivery: { status: 'Success', reportedAt: '2026-05-04T07:00:02.000Z' },
    ...overrides,
  };
}

function email(overrides: Partial<SentEmail> = {}): SentEmail {
  return {
    id: 'A1B2C3D4E5F6',
    receivedAt: '2026-05-04T07:00:01.000Z',
    from: '"Toy Duka" <orders@toyduka.test>',
    to: ['wanjiru@example.test'],
    subject: 'Order TOYDUKA-1042 is paid',
    text: 'Asante! We have your payment.',
    html: '<p>Asante! We have your <strong>payment</strong>.</p>',
    ...overrides,
  };
}

describe('outbox', () => {
  let sent: { sms: SentSms[]; email: SentEmail[] };
  const app = express().use(
    '/outbox',
    outboxRouter({
      sms: () => sent.sms,
      email: () => sent.email,
    }),
  );

  beforeEach(() => {
    sent = { sms: [], email: [] };
  });

  it('answers the JSON list of each kind newest first, whatever order the stand-ins keep', async () => {
    sent.sms = [sms({ id: 'ATXid_old', sentAt: '2026-05-04T07:00:00.000Z' }), sms({ id: 'ATXid_new', sentAt: '2026-05-04T08:00:00.000Z' })];
    sent.email = [
      email({ id: 'OLD', receivedAt: '2026-05-04T06:00:00.000Z' }),
      email({ id: 'NEW', receivedAt: '2026-05-04T09:00:00.000Z' }),
    ];

    const response = await request(app)
      .get('/outbox/messages.json')
      .expect(200)
      .expect('content-type', /json/)
      .expect('cache-control', 'no-store');

    expect(response.body).toEqual({ sms: [sent.sms[1], sent.sms[0]], email: [sent.email[1], sent.email[0]] });
  });

  it('shows the empty state when nothing was sent', async () => {
    const response = await request(app).get('/outbox/').expect(200).expect('content-type', /html/);

    expect(response.text).toContain('Nothing sent yet');
    expect(response.text).not.toContain('<article>');
  });

  it('lists SMS and e-mails interleaved newest first with what each said', async () => {
    sent.sms = [
      sms({ id: 'ATXid_first', sentAt: '2026-05-04T07:00:00.000Z' }),
      sms({ id: 'ATXid_third', sentAt: '2026-05-04T07:02:00.000Z', delivery: null }),
    ];
    sent.email = [email({ id: 'SECOND', receivedAt: '2026-05-04T07:01:00.000Z' })];

    const { text } = await request(app).get('/outbox/').expect(200).expect('cache-control', 'no-store');

    const order = ['ATXid_third', 'SECOND', 'ATXid_first'].map((id) => text.indexOf(id));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).toContain('+254708374149');
    expect(text).toContain('Toy Duka: your order TOYDUKA-1042 is on its way.');
    expect(text).toContain('<span>Success (101)</span> · 1 part · KES 0.8000');
    expect(text).toContain('no report yet');
    expect(text).toContain('Order TOYDUKA-1042 is paid');
    expect(text).toContain('Asante! We have your payment.');
    expect(text).toContain('wanjiru@example.test');
    expect(text).toContain('<meta http-equiv="refresh" content="5">');
  });

  it('shows a failed delivery with its reason', async () => {
    sent.sms = [sms({ delivery: { status: 'Failed', failureReason: 'AbsentSubscriber', reportedAt: '2026-05-04T07:00:05.000Z' } })];

    const { text } = await request(app).get('/outbox/').expect(200);

    expect(text).toContain('<span class="failed">Failed (AbsentSubscriber)</span>');
  });

  it('shows the HTML part only inside a script-less sandboxed frame', async () => {
    sent.email = [email()];

    const { text } = await request(app).get('/outbox/').expect(200);

    expect(text).toContain('<iframe sandbox="" ');
    expect(text).toContain('srcdoc="&lt;p&gt;Asante! We have your &lt;strong&gt;payment&lt;/strong&gt;.&lt;/p&gt;"');
    expect(text).not.toContain('<strong>payment</strong>');
  });

  it('never puts a sender’s markup into the page', async () => {
    sent.sms = [
      sms({
        from: MALICIOUS,
        message: MALICIOUS,
        to: MALICIOUS,
        cost: MALICIOUS,
        status: MALICIOUS,
        delivery: { status: MALICIOUS, failureReason: MALICIOUS, reportedAt: '2026-05-04T07:00:02.000Z' },
      }),
    ];
    sent.email = [
      email({
        id: MALICIOUS,
        from: MALICIOUS,
        to: [MALICIOUS],
        subject: MALICIOUS,
        text: MALICIOUS,
        html: `<p>${MALICIOUS}"></iframe>${MALICIOUS}</p>`,
      }),
    ];

    const { text } = await request(app).get('/outbox/').expect(200);

    expect(text).not.toMatch(/<script/i);
    expect(text.match(/<\/iframe>/g)).toHaveLength(1);
    expect(text).toContain('&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;');
  });
});
