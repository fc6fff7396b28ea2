import type { CartItem } from '@shop/contracts';

/** A line's key among the sheet's: a product's variations are lines of their own. */
export const cartLineKey = ({ productId, variationId }: Pick<CartItem, 'productId' | 'variationId'>): string =>
  `${productId}/${variationId ?? 0}`;

/** A line whose variation the shop no longer offers: it keeps its id, the label is gone, and checkout refuses it. */
export const isVariationGone = (item: Pick<CartItem, 'variationId' | 'variationLabel'>): boolean =>
  item.variationId !== null && item.variationLabel === null;

/** How buttons and lists name a line for screen readers: the title, and the variation when one was chosen. */
export const cartLineName = (item: Pick<CartItem, 'title' | 'variationLabel'>): string =>
  item.variationLabel ? `${item.title}, ${item.variationLabel}` : item.title;
