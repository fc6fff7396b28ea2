import { CURRENCY, LOCALE } from './limits.js';

/**
 * Money is whole Kenyan shillings everywhere (integers in the database and on the wire). The code
 * is shown ("KES 1,250", as the spec's cards and wishlist read) rather than the locale's "Ksh".
 */
const kesFormatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY, currencyDisplay: 'code', maximumFractionDigits: 0 });

export function formatKes(amount: number): string {
  return kesFormatter.format(amount);
}

/** Effective unit price: the sale price when above zero, otherwise the price (spec §9). */
export function effectivePrice(product: { price: number; salePrice: number }): number {
  return product.salePrice > 0 ? product.salePrice : product.price;
}
