/** How wide the shop's header rows, pages and footer grow before they centre on a wide screen (px). */
export const SHOP_CONTENT_MAX_WIDTH = 1200;
