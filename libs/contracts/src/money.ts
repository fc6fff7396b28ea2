import { CURRENCY, LOCALE } from './limits.js';

/**
 * Money is whole Kenyan shillings everywhere (integers in the database and on the wire). The code
 * is shown ("KES 1,250", as the old app's cards and wishlist read) rather than the locale's "Ksh".
 */
const kesFormatter = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  currencyDisplay: 'code',
  maximumFractionDigits: 0,
});

export function formatKes(amount: number): string {
  return kesFormatter.format(amount);
}

/** Effective unit price: the sale price when above zero, otherwise the price (docs/product.md, Catalogue). */
export function effectivePrice(product: { price: number; salePrice: number }): number {
  return product.salePrice > 0 ? product.salePrice : product.price;
}

/** Kenya keeps East Africa Time all year (UTC+3, no daylight saving). */
const NAIROBI_OFFSET_MS = 3 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** When the shop's day began in Nairobi, for "today" figures whatever the server's time zone. */
export function startOfNairobiDay(now: Date = new Date()): Date {
  return new Date(Math.floor((now.getTime() + NAIROBI_OFFSET_MS) / DAY_MS) * DAY_MS - NAIROBI_OFFSET_MS);
}
