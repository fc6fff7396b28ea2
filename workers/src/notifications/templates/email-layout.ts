import escapeHtml from 'escape-html';
import { formatKes, type NotificationLine } from '@shop/contracts';
import type { EmailDraft, EmailLabels } from './notification-template.js';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** A product as an order line names it: "Teddy Bear (Brown)". */
export function itemName(item: Pick<NotificationLine, 'title' | 'variationLabel'>): string {
  return item.variationLabel ? `${item.title} (${item.variationLabel})` : item.title;
}

function orderText(order: NonNullable<EmailDraft['order']>, labels: EmailLabels): string[] {
  return [
    labels.order(order.orderId),
    ...order.lines.map((line) => `${line.quantity} x ${itemName(line)}: ${formatKes(line.lineTotal)}`),
    `${labels.delivery}: ${formatKes(order.deliveryFee)}`,
    `${labels.total}: ${formatKes(order.total)}`,
  ];
}

function textOf(draft: EmailDraft, labels: EmailLabels): string {
  const blocks = [
    draft.heading,
    ...draft.paragraphs,
    ...(draft.order ? [orderText(draft.order, labels).join('\n')] : []),
    `${draft.action.label}: ${draft.action.url}`,
    labels.signature,
  ];
  return `${blocks.join('\n\n')}\n`;
}

// Inline styles only: mail clients drop <style> blocks and every external sheet.
const CELL = 'padding:6px 8px;border-bottom:1px solid #e3e6eb;text-align:left';
const AMOUNT_CELL = 'padding:6px 8px;border-bottom:1px solid #e3e6eb;text-align:right;white-space:nowrap';

function orderHtml(order: NonNullable<EmailDraft['order']>, labels: EmailLabels): string {
  const rows = order.lines.map(
    (line) =>
      `<tr><td style="${CELL}">${escapeHtml(itemName(line))}</td><td style="${AMOUNT_CELL}">${line.quantity}</td><td style="${AMOUNT_CELL}">${escapeHtml(formatKes(line.lineTotal))}</td></tr>`,
  );
  return [
    `<h2 style="font-size:16px;margin:16px 0 8px">${escapeHtml(labels.order(order.orderId))}</h2>`,
    '<table style="border-collapse:collapse;width:100%;font-size:14px">',
    `<thead><tr><th style="${CELL}">${escapeHtml(labels.item)}</th><th style="${AMOUNT_CELL}">${escapeHtml(labels.quantity)}</th><th style="${AMOUNT_CELL}">${escapeHtml(labels.amount)}</th></tr></thead>`,
    `<tbody>${rows.join('')}</tbody>`,
    '<tfoot>',
    `<tr><td style="${CELL}" colspan="2">${escapeHtml(labels.delivery)}</td><td style="${AMOUNT_CELL}">${escapeHtml(formatKes(order.deliveryFee))}</td></tr>`,
    `<tr><th style="${CELL}" colspan="2">${escapeHtml(labels.total)}</th><th style="${AMOUNT_CELL}">${escapeHtml(formatKes(order.total))}</th></tr>`,
    '</tfoot></table>',
  ].join('');
}

function htmlOf(draft: EmailDraft, labels: EmailLabels): string {
  return [
    '<!doctype html><html><body style="margin:0;padding:16px;background:#f4f5f7;font-family:Arial,sans-serif;color:#1d2330">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:20px">',
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(draft.heading)}</h1>`,
    ...draft.paragraphs.map((paragraph) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(paragraph)}</p>`),
    draft.order ? orderHtml(draft.order, labels) : '',
    `<p style="margin:20px 0"><a href="${escapeHtml(draft.action.url)}" style="display:inline-block;background:#1a5fb4;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(draft.action.label)}</a></p>`,
    `<p style="margin:0;color:#5b6475">${escapeHtml(labels.signature)}</p>`,
    '</div></body></html>',
  ].join('');
}

export function renderEmail(draft: EmailDraft, labels: EmailLabels): RenderedEmail {
  return { subject: draft.subject, text: textOf(draft, labels), html: htmlOf(draft, labels) };
}
