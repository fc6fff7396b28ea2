/** The shop's name as the header, the document title and its messages show it. */
export const SHOP_NAME = 'Toy Duka';

/**
 * How shoppers reach the shop (docs/product.md, Shop frame: phone, hours and place). The api serves
 * them from its configuration (SHOP_PHONE, SHOP_HOURS, SHOP_ADDRESS), so the family's own line is
 * set where the shop is deployed, never built into the web app.
 */
export interface ShopInfo {
  /** International form, as the shop writes it: '+254 712 345 678'. */
  phone: string;
  openingHours: string;
  address: string;
}

export const SHOP_INFO_API = { get: '/api/common/shop-info' } as const;

/** The header's note beside the contact details (the terms say the same under Delivery). */
export const EXPRESS_DELIVERY_NOTE = 'Express delivery costs extra — call us to arrange it';

/** The `tel:` link of a number written with spaces or dashes: a phone dials the digits and the leading '+'. */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
