import { effectivePrice, MESSAGES, type Address, type CartItem } from '@shop/contracts';
import { cartLineKey } from '../cart/cart-lines';

export interface CheckoutTotals {
  subtotal: number;
  /** Null while no address is chosen: the summary asks for one instead of showing a fee. */
  deliveryFee: number | null;
  total: number;
}

/** Total = subtotal + the chosen address's delivery fee (docs/product.md, Checkout). */
export function checkoutTotals(subtotal: number, address: Pick<Address, 'deliveryFee'> | null): CheckoutTotals {
  const deliveryFee = address?.deliveryFee ?? null;
  return { subtotal, deliveryFee, total: subtotal + (deliveryFee ?? 0) };
}

/** Why a payment cannot start (docs/product.md, Checkout), checked in the order the old page did; null when it can. */
export function paymentRefusal(cartLineCount: number, address: Address | null): string | null {
  if (cartLineCount === 0) return MESSAGES.checkout.cartEmpty;
  if (address === null) return MESSAGES.checkout.noAddressSelected;
  return null;
}

/**
 * What the PayPal quote was priced from: the address and every line with its quantity and price. A
 * quote asked for another key (a line added, a quantity changed, another address chosen) no longer
 * says what PayPal will charge.
 */
export function paypalQuoteKey(
  addressId: number,
  items: Pick<CartItem, 'productId' | 'variationId' | 'quantity' | 'price' | 'salePrice'>[],
): string {
  return `${addressId}|${items.map((item) => `${cartLineKey(item)}x${item.quantity}@${effectivePrice(item)}`).join(',')}`;
}
