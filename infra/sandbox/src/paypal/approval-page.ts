import escapeHtml from 'escape-html';
import type { Money } from './order-request.js';

export interface ApprovalPageOrder {
  id: string;
  referenceId: string;
  amount: Money;
  merchantName: string;
}

export const SANDBOX_BUYER = {
  payerId: 'SANDBOXBUYER1',
  givenName: 'Sandbox',
  surname: 'Buyer',
  email: 'buyer@paypal-sandbox.test',
  countryCode: 'KE',
} as const;

const PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; background: #f5f7fa; color: #001c64; margin: 0; display: grid; place-items: start center; min-height: 100vh; }
  main { background: #fff; border-radius: 16px; padding: 28px 24px; margin: 24px 0; width: min(440px, 94vw); box-sizing: border-box; box-shadow: 0 2px 12px rgba(0, 28, 100, 0.08); }
  .brand { font-weight: 700; font-style: italic; font-size: 22px; margin: 0 0 20px; color: #003087; }
  .brand span { display: block; font-style: normal; font-weight: 400; font-size: 13px; color: #545d68; margin-top: 2px; }
  h1 { font-size: 20px; font-weight: 600; margin: 0 0 6px; }
  p { margin: 0 0 16px; color: #545d68; line-height: 1.4; }
  .amount { font-size: 34px; font-weight: 700; margin: 0 0 4px; color: #001c64; }
  .payer { border: 1px solid #dbe1e8; border-radius: 12px; padding: 12px; margin-bottom: 20px; }
  form { display: grid; gap: 6px; }
  button { font: inherit; font-weight: 600; border-radius: 24px; padding: 13px 16px; cursor: pointer; width: 100%; }
  .pay { background: #ffc439; color: #001c64; border: 0; }
  .decline { background: #fff; color: #003087; border: 2px solid #003087; margin-top: 10px; }
  .cancel { background: none; border: 0; color: #0070e0; text-decoration: underline; margin-top: 14px; }
  small { color: #545d68; text-align: center; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - PayPal (sandbox)</title><style>${PAGE_STYLE}</style></head>
<body><main>
  <p class="brand">PayPal<span>local sandbox · no real money moves</span></p>
  ${body}
</main></body></html>`;
}

export function formatMoney({ currency_code: currency, value }: Money): string {
  return `${new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(value))} ${currency}`;
}

/** The sandbox's stand-in for PayPal's checkout: the payer approves with the balance, with a card that will be declined, or cancels. */
export function renderApprovalPage(order: ApprovalPageOrder): string {
  return page(
    `Pay ${order.merchantName}`,
    `<h1>Pay ${escapeHtml(order.merchantName)}</h1>
  <p class="amount">${escapeHtml(formatMoney(order.amount))}</p>
  <p>Order ${escapeHtml(order.referenceId)} · PayPal order ${escapeHtml(order.id)}</p>
  <div class="payer"><strong>${escapeHtml(`${SANDBOX_BUYER.givenName} ${SANDBOX_BUYER.surname}`)}</strong><br>${escapeHtml(SANDBOX_BUYER.email)}</div>
  <form method="post" action="checkoutnow">
    <input type="hidden" name="token" value="${escapeHtml(order.id)}">
    <button class="pay" type="submit" name="choice" value="balance">Approve</button>
    <small>Pays from the PayPal balance: the capture completes.</small>
    <button class="decline" type="submit" name="choice" value="declined-card">Approve with a card that will be declined</button>
    <small>The capture answers INSTRUMENT_DECLINED; approving again with the balance then succeeds.</small>
    <button class="cancel" type="submit" name="choice" value="cancel">Cancel</button>
  </form>`,
  );
}

/** The pages for a payer who cannot approve (unknown or paid order) or has nowhere to return to. */
export function renderNotice(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n  <p>${escapeHtml(message)}</p>`);
}
