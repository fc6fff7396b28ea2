import {
  formatKes,
  LOCALE,
  OFFLINE_PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_LABELS,
  SHOP_NAME,
  type NotificationPayment,
} from '@shop/contracts';
import { itemName } from './email-layout.js';
import type { LocaleTemplates } from './notification-template.js';

/** The shop is in Nairobi: a refund sent at 01:30 there is dated that day, whatever the server's zone. */
const refundDateFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' });

const orderNumber = (orderId: number) => `order #${orderId}`;

/** A reason ends the sentence it is put in, whether or not it came with its own full stop. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

const METHOD_LABELS: Record<NotificationPayment['method'], string> = { ...PAYMENT_METHOD_LABELS, ...OFFLINE_PAYMENT_METHOD_LABELS };

/** "M-Pesa receipt QK12ABC3", "PayPal reference 8AB…": what the shopper finds in their own records. */
function paymentTrace({ method, reference }: NotificationPayment): string {
  return method === 'mpesa' ? `M-Pesa receipt ${reference}` : `${METHOD_LABELS[method]} reference ${reference}`;
}

/** "30 minutes", "48 hours": how long an e-mailed link works, in the unit it was set in. */
function duration(ms: number): string {
  const [amount, unit] = ms % 3_600_000 === 0 ? [ms / 3_600_000, 'hour'] : [Math.round(ms / 60_000), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** Every SMS is signed first, so a phone's preview shows who wrote before what about. */
const signed = (text: string) => `${SHOP_NAME}: ${text}`;

export const EN: LocaleTemplates = {
  labels: {
    order: (orderId) => `Order #${orderId}`,
    item: 'Item',
    quantity: 'Qty',
    amount: 'Amount',
    delivery: 'Delivery',
    total: 'Total',
    signature: `Thank you for shopping with ${SHOP_NAME}.`,
  },
  accountMails: {
    emailVerification: ({ userName, linkUrl, validForMs }) => ({
      subject: `Confirm your e-mail address for ${SHOP_NAME}`,
      heading: `Welcome, ${userName}`,
      paragraphs: [
        `Please confirm that this address is yours by opening the link below. It works for ${duration(validForMs)}, once.`,
        'If you did not create an account, you can ignore this e-mail.',
      ],
      action: { label: 'Confirm my e-mail address', url: linkUrl },
    }),
    passwordReset: ({ userName, linkUrl, validForMs }) => ({
      subject: `Reset your ${SHOP_NAME} password`,
      heading: `Hello ${userName}`,
      paragraphs: [
        `Someone asked to reset the password of your account. Open the link below to choose a new one: it works for ${duration(validForMs)}, once, and signs you out everywhere.`,
        'If it was not you, ignore this e-mail: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url: linkUrl },
    }),
  },
  templates: {
    orderPaid: {
      sms: (order) => ({
        freeTexts: [order.payment.reference],
        write: ([reference]) =>
          signed(
            `${orderNumber(order.orderId)} is paid and confirmed. Total ${formatKes(order.total)}, ${paymentTrace({ ...order.payment, reference })}. Details: ${order.orderUrl}`,
          ),
      }),
      email: (order) => ({
        subject: `Order #${order.orderId} is confirmed`,
        heading: 'Thank you: your order is confirmed',
        paragraphs: [
          `We received ${formatKes(order.total)} for ${orderNumber(order.orderId)} (${paymentTrace(order.payment)}) and are getting it ready.`,
        ],
        order,
        action: { label: 'View your order', url: order.orderUrl },
      }),
    },
    paymentFailed: {
      sms: (order) => ({
        freeTexts: [order.reason],
        write: ([reason]) =>
          signed(
            `payment for ${orderNumber(order.orderId)} (${formatKes(order.total)}) did not go through. ${sentence(reason)} Try again: ${order.retryUrl}`,
          ),
      }),
      email: (order) => ({
        subject: `Payment for order #${order.orderId} did not go through`,
        heading: 'Your payment did not go through',
        paragraphs: [sentence(order.reason), 'You can try again from your order.'],
        order,
        action: { label: 'Try again', url: order.retryUrl },
      }),
    },
    orderExpired: {
      sms: (order) => ({
        freeTexts: [order.reason],
        write: ([reason]) =>
          signed(
            `${orderNumber(order.orderId)} (${formatKes(order.total)}) was closed unpaid. ${sentence(reason)} Order again: ${order.retryUrl}`,
          ),
      }),
      email: (order) => ({
        subject: `Order #${order.orderId} was closed unpaid`,
        heading: 'Your order was closed before it was paid',
        paragraphs: [sentence(order.reason), 'Its items went back on the shelf. You can order them again while they are in stock.'],
        order,
        action: { label: 'Order again', url: order.retryUrl },
      }),
    },
    orderShipped: {
      sms: (order) => ({
        freeTexts: [],
        write: () => signed(`${orderNumber(order.orderId)} is on its way to you. Details: ${order.orderUrl}`),
      }),
      email: (order) => ({
        subject: `Order #${order.orderId} is on its way`,
        heading: 'Your order is on its way',
        paragraphs: [`We sent ${orderNumber(order.orderId)} on its way to you. Please keep your phone near you for the delivery.`],
        order,
        action: { label: 'View your order', url: order.orderUrl },
      }),
    },
    orderDelivered: {
      sms: (order) => ({
        freeTexts: [],
        write: () => signed(`${orderNumber(order.orderId)} was delivered. Enjoy your toys! Details: ${order.orderUrl}`),
      }),
      email: (order) => ({
        subject: `Order #${order.orderId} was delivered`,
        heading: 'Your order was delivered',
        paragraphs: [`Order #${order.orderId} reached you. We hope the toys bring a lot of fun; you can review them from your order.`],
        order,
        action: { label: 'View your order', url: order.orderUrl },
      }),
    },
    orderCancelled: {
      sms: (order) => ({
        freeTexts: [order.reason],
        write: ([reason]) =>
          signed(
            `${orderNumber(order.orderId)} was cancelled. ${sentence(reason)}${order.refundDue ? ` We owe you ${formatKes(order.refundDue)} and will refund it.` : ''} Details: ${order.orderUrl}`,
          ),
      }),
      email: (order) => ({
        subject: `Order #${order.orderId} was cancelled`,
        heading: 'Your order was cancelled',
        paragraphs: [
          sentence(order.reason),
          ...(order.refundDue
            ? [
                `You paid ${formatKes(order.refundDue)} for it: we owe it back to you and will send a refund. We will tell you when it is sent.`,
              ]
            : []),
        ],
        order,
        action: { label: 'View your order', url: order.orderUrl },
      }),
    },
    orderRefunded: {
      sms: (order) => ({
        freeTexts: [order.refund.reference ?? ''],
        write: ([reference]) =>
          signed(
            `we refunded ${formatKes(order.refund.amount)} for ${orderNumber(order.orderId)}${reference ? ` (reference ${reference})` : ''}. Details: ${order.orderUrl}`,
          ),
      }),
      email: (order) => ({
        subject: `Refund for order #${order.orderId}`,
        heading: 'We sent your refund',
        paragraphs: [
          [
            `We refunded ${formatKes(order.refund.amount)} for ${orderNumber(order.orderId)}`,
            order.refund.refundedAt ? ` on ${refundDateFormat.format(new Date(order.refund.refundedAt))}` : '',
            order.refund.reference ? ` (reference ${order.refund.reference})` : '',
            '.',
          ].join(''),
        ],
        order,
        action: { label: 'View your order', url: order.orderUrl },
      }),
    },
    shopOrderPaid: {
      sms: (order) => ({
        freeTexts: [order.shopperName, order.payment.reference],
        write: ([shopperName, reference]) =>
          signed(
            `new paid ${orderNumber(order.orderId)} from ${shopperName}: ${formatKes(order.total)}, ${paymentTrace({ ...order.payment, reference })}. ${order.orderUrl}`,
          ),
      }),
      email: (order) => ({
        subject: `New paid order #${order.orderId}: ${formatKes(order.total)}`,
        heading: `New paid order from ${order.shopperName}`,
        paragraphs: [
          `${order.shopperName} paid ${formatKes(order.total)} for ${orderNumber(order.orderId)} (${paymentTrace(order.payment)}). It is ready to pack.`,
        ],
        order,
        action: { label: 'Open the order', url: order.orderUrl },
      }),
    },
    shopLowStock: {
      sms: (stock) => ({
        freeTexts: [itemName(stock.product)],
        write: ([name]) =>
          signed(
            `low stock after ${orderNumber(stock.orderId)}: ${name} has ${stock.product.unitsLeft} left (low-stock line ${stock.product.lowStockLine}). ${stock.productUrl}`,
          ),
      }),
      email: (stock) => ({
        subject: `Low stock: ${itemName(stock.product)}`,
        heading: 'A product is running low',
        paragraphs: [
          `Order #${stock.orderId} took ${itemName(stock.product)} to ${stock.product.unitsLeft} ${stock.product.unitsLeft === 1 ? 'unit' : 'units'}, at or below the low-stock line of ${stock.product.lowStockLine}.`,
        ],
        action: { label: 'Top up the stock', url: stock.productUrl },
      }),
    },
  },
};
