import { effectivePrice, MESSAGES, type CartItem } from '@shop/contracts';

/** One more piece, asked for from a card or the product view (and kept for a guest until they sign in). */
export interface AddToCartRequest {
  productId: number;
  /** The variation the product view shows, or null (a card, or the product's own picture). */
  variationId: number | null;
  /** The catalogue's stock of the product, as the card or dialog shows it. */
  totalStock: number;
}

/** A line's key among the sheet's: a product's variations are lines of their own. */
export const cartLineKey = ({ productId, variationId }: Pick<CartItem, 'productId' | 'variationId'>): string =>
  `${productId}/${variationId ?? 0}`;

/** A line whose variation the shop no longer offers: it keeps its id, the label is gone, and checkout refuses it. */
export const isVariationGone = (item: Pick<CartItem, 'variationId' | 'variationLabel'>): boolean =>
  item.variationId !== null && item.variationLabel === null;

/** How buttons and lists name a line for screen readers: the title, and the variation when one was chosen. */
export const cartLineName = (item: Pick<CartItem, 'title' | 'variationLabel'>): string =>
  item.variationLabel ? `${item.title}, ${item.variationLabel}` : item.title;

/** What the lines cost at today's prices: the sale price where there is one (effectivePrice). */
export const cartSubtotal = (items: CartItem[]): number => items.reduce((sum, item) => sum + effectivePrice(item) * item.quantity, 0);

/** The header badge counts pieces, not lines. */
export const cartCount = (items: CartItem[]): number => items.reduce((sum, item) => sum + item.quantity, 0);

/**
 * Why `added` more pieces of a product (fewer when negative) may not go in the cart: its lines, every variation together,
 * share its stock. Told before any request, naming the pieces the cart holds already (the server names those on offer);
 * null when the change may be sent.
 */
export function stockRefusal(items: CartItem[], productId: number, added: number, totalStock: number): string | null {
  const inCart = items.reduce((units, item) => (item.productId === productId ? units + item.quantity : units), 0);
  return inCart + added > totalStock ? MESSAGES.cart.onlyQuantityCanBeAdded(inCart) : null;
}
