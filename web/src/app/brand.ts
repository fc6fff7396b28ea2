/** The shop's name as the header, the auth welcome panel and the document title show it. */
export const SHOP_NAME = 'Toy Duka';

/**
 * How to reach the family behind the shop (spec §1: the shop header shows them). The number is a
 * stand-in until the family's own line is known.
 */
export const SHOP_CONTACT = {
  phone: '+254 712 345 678',
  /** The same number without spaces, as a `tel:` link dials it. */
  phoneLink: 'tel:+254712345678',
  openingHours: '6:30 AM - 6:00 PM',
  location: 'Nairobi',
  expressDeliveryNote: 'Express delivery costs extra — call us to arrange it',
} as const;
