import fc from 'fast-check';
import { SegmentedMessage } from 'sms-segments-calculator';
import {
  formatKes,
  LIMITS,
  NOTIFICATION_KINDS,
  NOTIFICATION_LOCALES,
  type NotificationData,
  type NotificationKind,
  type NotificationLine,
  type NotificationPayment,
} from '@shop/contracts';
import { itemName } from './email-layout.js';
import { isGsm, smsPartsOf, toGsm } from './gsm.js';
import { renderNotification } from './render-notification.js';

const KINDS = Object.values(NOTIFICATION_KINDS);

interface Sample {
  orderId: number;
  lines: NotificationLine[];
  total: number;
  url: string;
  reason: string;
  reference: string;
  name: string;
  payment: NotificationPayment['method'];
}

function dataOf(sample: Sample): { [K in NotificationKind]: NotificationData[K] } {
  const order = { orderId: sample.orderId, lines: sample.lines, deliveryFee: 300, total: sample.total, orderUrl: sample.url };
  const payment = { method: sample.payment, reference: sample.reference };
  const retry = { ...order, reason: sample.reason, retryUrl: sample.url };
  return {
    orderPaid: { ...order, payment },
    paymentFailed: retry,
    orderExpired: retry,
    orderShipped: order,
    orderDelivered: order,
    orderCancelled: { ...order, reason: sample.reason, refundDue: sample.total },
    orderRefunded: { ...order, refund: { amount: sample.total, reference: sample.reference, refundedAt: '2026-11-24T22:30:00.000Z' } },
    shopOrderPaid: { ...order, payment, shopperName: sample.name },
    shopLowStock: {
      orderId: sample.orderId,
      product: {
        title: sample.lines[0].title,
        variationLabel: sample.lines[0].variationLabel,
        unitsLeft: 3,
        lowStockLine: LIMITS.lowStockThreshold,
      },
      productUrl: sample.url,
    },
  };
}

function render<K extends NotificationKind>(kind: K, sample: Sample) {
  return renderNotification(kind, dataOf(sample)[kind]);
}

const everyday: Sample = {
  orderId: 123,
  lines: [
    { title: 'Teddy Bear', variationLabel: 'Brown', quantity: 2, lineTotal: 2400 },
    { title: 'Wooden Train', quantity: 1, lineTotal: 3500 },
  ],
  total: 6200,
  url: 'https://toyduka.example/orders?order=123',
  reason: 'The M-Pesa PIN was wrong',
  reference: 'QK12ABC3XY',
  name: 'Wanjiru Kamau',
  payment: 'mpesa',
};

/** The longest everything may be: titles, labels, names and references at their columns' limits, non-GSM and two-unit characters throughout. */
const worst: Sample = {
  orderId: LIMITS.idMax,
  lines: Array.from({ length: 20 }, (_, index) => ({
    title: `${index} “Mega” Robot 🤖 – Ĉhâteau ${'€'.repeat(LIMITS.productTitleMaxLength)}`.slice(0, LIMITS.productTitleMaxLength),
    variationLabel: '[Rainbow]~{Édition}'.repeat(10).slice(0, LIMITS.variationLabelMaxLength),
    quantity: 20,
    lineTotal: LIMITS.amountMax,
  })),
  total: LIMITS.amountMax * 20,
  url: `https://shop.toyduka.co.ke/account/orders/${'7'.repeat(40)}?from=sms&x=y`.padEnd(80, 'z'),
  reason: `Daraja said: “${'{DS timeout} user cannot be reached – '.repeat(14)}”`,
  reference: '|'.repeat(LIMITS.paymentReferenceMaxLength),
  name: '€'.repeat(LIMITS.userNameMaxLength),
  // The longest payment label: "M-Pesa to the shop’s till".
  payment: 'mpesaTill',
};

describe('notification templates', () => {
  it('renders every kind in every locale', () => {
    for (const locale of NOTIFICATION_LOCALES) {
      for (const kind of KINDS) {
        const rendered = renderNotification(kind, dataOf(everyday)[kind], locale);
        expect(rendered.sms).toContain('#123');
        expect(rendered.email.subject).not.toBe('');
        expect(rendered.email.text).toContain('#123');
        expect(rendered.email.html).toContain('#123');
      }
    }
  });

  it.each(KINDS)('sends %s by SMS in GSM characters within two parts, with the worst-case data', (kind) => {
    const sms = render(kind, worst).sms;
    expect(isGsm(sms)).toBe(true);
    expect(smsPartsOf(sms)).toBeLessThanOrEqual(2);
    // Only the free text gives way: the order number and the link reach the reader whole.
    expect(sms).toContain(`#${worst.orderId}`);
    expect(sms).toContain(worst.url);
  });

  it('shortens a long reason with an ellipsis and keeps the link after it', () => {
    const sms = render('paymentFailed', worst).sms;
    expect(sms).toMatch(/\.\.\. Try again: https:\/\/shop\.toyduka\.co\.ke\//);
  });

  it('tells the SMS reader the total and the payment reference, never the lines', () => {
    const sms = render('orderPaid', everyday).sms;
    expect(sms).toBe(`Toy Duka: order #123 is paid and confirmed. Total KES 6,200, M-Pesa receipt QK12ABC3XY. Details: ${everyday.url}`);
    expect(sms).not.toContain('Teddy');
  });

  it('puts a title with emoji and curly quotes into GSM characters', () => {
    const sample = { ...everyday, lines: [{ title: '“Teddy’s” Picnic – Set 🧸 Ĉafé', quantity: 1, lineTotal: 900 }] };
    const sms = render('shopLowStock', sample).sms;
    expect(sms).toContain('"Teddy\'s" Picnic - Set Café has 3 left');
    expect(isGsm(sms)).toBe(true);
  });

  it.each(KINDS.filter((kind) => kind !== 'shopLowStock'))(
    'lists the order number, every line and the total in KES in both parts of the %s e-mail',
    (kind) => {
      const { text, html } = render(kind, everyday).email;
      for (const body of [text, html]) {
        expect(body).toContain('Order #123');
        for (const line of everyday.lines) {
          expect(body).toContain(itemName(line));
          expect(body).toContain(formatKes(line.lineTotal));
        }
        expect(body).toContain(formatKes(everyday.total));
      }
    },
  );

  it('escapes every value in the HTML part', () => {
    const title = '<script>alert(1)</script> & "Toys"';
    const sample = { ...everyday, lines: [{ title, quantity: 1, lineTotal: 900 }], name: title, reason: title };
    for (const kind of KINDS) {
      const { html, text } = render(kind, sample).email;
      expect(html).not.toContain('<script>');
      expect(text).not.toContain('&lt;');
    }
    expect(render('orderPaid', sample).email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Toys&quot;');
  });

  it('names the low-stock product, its units left and the line in the shop’s e-mail', () => {
    const { subject, text } = render('shopLowStock', everyday).email;
    expect(subject).toBe('Low stock: Teddy Bear (Brown)');
    expect(text).toContain(`Order #123 took Teddy Bear (Brown) to 3 units, at or below the low-stock line of ${LIMITS.lowStockThreshold}.`);
  });
});

describe('GSM text', () => {
  it('counts 160 units as one part and 161 as two', () => {
    expect(smsPartsOf('a'.repeat(160))).toBe(1);
    expect(smsPartsOf('a'.repeat(161))).toBe(2);
  });

  it('counts an extension character as two units', () => {
    expect(smsPartsOf('€'.repeat(80))).toBe(1);
    expect(smsPartsOf(`${'€'.repeat(80)}a`)).toBe(2);
  });

  it("counts parts as Twilio's calculator does, for any text in GSM characters or not", () => {
    const gsmCharacter = fc.constantFrom(...'abcXYZ 019@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&\'()*+,-./:;<=>?¡ÄÖÑÜ§¿äöñüà\n^{}\\[~]|€');
    const anyCharacter = fc.oneof(gsmCharacter, fc.constantFrom('ô', 'ç', '—', '😀', 'ā', '’'));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: gsmCharacter, maxLength: 480 }), fc.string({ unit: anyCharacter, maxLength: 200 })),
        (text) => {
          expect(smsPartsOf(text)).toBe(new SegmentedMessage(text, 'auto', false).segmentsCount);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never splits an extension character between parts, so 306 units may take three', () => {
    expect(smsPartsOf('a'.repeat(306))).toBe(2);
    expect(smsPartsOf(`${'a'.repeat(152)}€${'a'.repeat(150)}`)).toBe(2);
    expect(smsPartsOf(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toBe(3);
  });

  it('keeps the letters GSM has and gives the others their base letter', () => {
    expect(toGsm('Café Ñandú ôç ā')).toBe('Café Ñandu oc a');
  });

  it('drops what has no stand-in without leaving a double space, and puts the text on one line', () => {
    expect(toGsm('Robot 🤖 Dog\n\u00a0 2 中')).toBe('Robot Dog 2');
  });

  it('refuses a text holding a character outside GSM', () => {
    expect(isGsm('Teddy 🧸')).toBe(false);
    expect(isGsm('Teddy {€}')).toBe(true);
  });
});
