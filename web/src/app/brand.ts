/** The shop's name as the header, the auth welcome panel and the document title show it: the one its messages sign with. */
export { SHOP_NAME } from '@shop/contracts';
