import type { Order } from './api-types.js';

/** What PayPal is asked to charge for a KES total: PayPal takes no KES (docs/product.md, Payments). */
export type PaypalCharge = NonNullable<Order['providerAmount']>;

/**
 * The checkout's answer to "how much will PayPal take?", priced by the server from the shopper's
 * cart and chosen address exactly as placing the order would price it.
 */
export interface PaypalQuote {
  /** Whole KES: the order's total with delivery. */
  totalAmount: number;
  providerAmount: PaypalCharge;
}

export const PAYPAL_QUOTE_API = {
  quote: (addressId: number | string) => `/api/shop/order/paypal-quote/${addressId}`,
} as const;
