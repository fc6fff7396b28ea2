/** The query parameter that opens one order's details dialog: on the shopper's account page (ROUTES.shopAccountOrder) and the admin's orders page. */
export const ORDER_LINK_PARAM = 'order';

/** The order a page's address names, if it names one. */
export function linkedOrderId(search: URLSearchParams): number | null {
  const id = Number(search.get(ORDER_LINK_PARAM));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The address without the order's parameter: the link opens the dialog once, so the same link works again later. */
export function withoutOrderLink(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  rest.delete(ORDER_LINK_PARAM);
  return rest;
}
