/** The shop's name as the header, the auth welcome panel and the document title show it. */
export const SHOP_NAME = 'Toy Duka';
