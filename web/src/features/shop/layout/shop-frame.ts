/** How wide the shop's header rows, pages and footer grow before they centre on a wide screen (px). */
export const SHOP_CONTENT_MAX_WIDTH = 1200;
/** The space around a page's content (px): a phone's screen is too narrow to give more. */
export const SHOP_PAGE_PADDING = { phone: 16, fromMedium: 24 } as const;

/** The page's own width at most: the content and its padding (px). */
export const SHOP_PAGE_MAX_WIDTH = SHOP_CONTENT_MAX_WIDTH + 2 * SHOP_PAGE_PADDING.fromMedium;

/**
 * Feature images are wide banners (the shop's own are 1600 × 600). One shape on every screen keeps
 * their words whole on a phone, where a taller frame would crop the sides away.
 */
export const BANNER_ASPECT_RATIO = '8 / 3';
