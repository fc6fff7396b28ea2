import escapeHtml from 'escape-html';
import type { SentSms } from '../africastalking/africastalking-sandbox.js';
import type { SentEmail } from '../mail/mail-sandbox.js';

const REFRESH_SECONDS = 5;

const PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
  main { width: min(760px, 100%); margin: 0 auto; padding: 16px; box-sizing: border-box; }
  h1 { font-size: 22px; margin: 8px 0 4px; }
  .note { color: #5b6475; margin: 0 0 16px; }
  article { background: #fff; border-radius: 12px; padding: 14px 16px; margin-bottom: 12px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.08); overflow-wrap: anywhere; }
  header { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: baseline; margin-bottom: 8px; }
  .kind { font-size: 12px; font-weight: 700; border-radius: 10px; padding: 2px 8px; color: #fff; }
  .sms { background: #0a7d45; }
  .email { background: #1a5fb4; }
  time, dt, .meta { color: #5b6475; font-size: 14px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 0 0 8px; }
  dd { margin: 0; }
  .body { white-space: pre-wrap; background: #f7f8fa; border-radius: 8px; padding: 10px; margin: 0; font: inherit; }
  .failed { color: #b3261e; }
  details { margin-top: 8px; }
  iframe { width: 100%; height: 420px; border: 1px solid #d8dce3; border-radius: 8px; background: #fff; }
  .empty { text-align: center; color: #5b6475; padding: 40px 0; }
`;

/** EAT, as the shop's customers read their phones. */
const TIME_FORMAT = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', dateStyle: 'medium', timeStyle: 'medium' });

interface OutboxEntry {
  at: string;
  html: string;
}

function stamp(iso: string): string {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(TIME_FORMAT.format(new Date(iso)))} EAT</time>`;
}

function fields(rows: [string, string][]): string {
  return `<dl>${rows.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

function deliveryLine(delivery: SentSms['delivery']): string {
  if (!delivery) return 'no report yet';
  const reason = delivery.failureReason ? ` (${escapeHtml(delivery.failureReason)})` : '';
  const failed = delivery.status === 'Success' ? '' : ' class="failed"';
  return `<span${failed}>${escapeHtml(delivery.status)}${reason}</span> · ${stamp(delivery.reportedAt)}`;
}

function smsEntry(sms: SentSms): OutboxEntry {
  const accepted = sms.status === 'Success' ? '' : ' class="failed"';
  return {
    at: sms.sentAt,
    html: `<article>
  <header><span class="kind sms">SMS</span>${stamp(sms.sentAt)}<span class="meta">${escapeHtml(sms.id)}</span></header>
  ${fields([
    ['To', escapeHtml(sms.to)],
    ['From', sms.from === null ? 'the account’s default sender' : escapeHtml(sms.from)],
    [
      'Status',
      `<span${accepted}>${escapeHtml(sms.status)} (${sms.statusCode})</span> · ${sms.parts} part${sms.parts === 1 ? '' : 's'} · ${escapeHtml(sms.cost)}`,
    ],
    ['Delivery', deliveryLine(sms.delivery)],
  ])}
  <p class="body">${escapeHtml(sms.message)}</p>
</article>`,
  };
}

function emailEntry(email: SentEmail): OutboxEntry {
  // The HTML part is the shop's template filled with customers' words: it is shown only as an
  // escaped srcdoc in an iframe sandboxed without scripts, never as part of this page.
  const htmlPart =
    email.html === null
      ? ''
      : `<details><summary>HTML part</summary><iframe sandbox="" referrerpolicy="no-referrer" title="HTML part of ${escapeHtml(email.subject)}" srcdoc="${escapeHtml(email.html)}"></iframe></details>`;
  return {
    at: email.receivedAt,
    html: `<article>
  <header><span class="kind email">E-mail</span>${stamp(email.receivedAt)}<span class="meta">${escapeHtml(email.id)}</span></header>
  ${fields([
    ['To', escapeHtml(email.to.join(', '))],
    ['From', escapeHtml(email.from)],
    ['Subject', escapeHtml(email.subject)],
  ])}
  ${email.text === null ? '<p class="meta">No text part.</p>' : `<p class="body">${escapeHtml(email.text)}</p>`}
  ${htmlPart}
</article>`,
  };
}

/** Every SMS and e-mail the sandbox was given, interleaved newest first; it reloads itself to show new ones. */
export function renderOutboxPage(sms: readonly SentSms[], email: readonly SentEmail[]): string {
  const entries = [...sms.map(smsEntry), ...email.map(emailEntry)].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  const list =
    entries.length === 0
      ? '<p class="empty">Nothing sent yet. SMS and e-mails the shop sends appear here.</p>'
      : entries.map(({ html }) => html).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${REFRESH_SECONDS}">
<title>Outbox (sandbox)</title><style>${PAGE_STYLE}</style></head>
<body><main>
  <h1>Outbox</h1>
  <p class="note">Local sandbox: nothing here reached a real phone or mailbox · ${sms.length} SMS, ${email.length} e-mail${email.length === 1 ? '' : 's'} · refreshes every ${REFRESH_SECONDS} s</p>
  ${list}
</main></body></html>`;
}
