/** What PayPal's return (or cancel) URL tells the return page. */
export interface PaypalReturn {
  /** PayPal's order id: `token`, or `paymentId` as the old checkout's return URLs named it. */
  reference: string | null;
  payerId: string | null;
  /** The payer chose Cancel on PayPal's page (the cancel URL carries `cancelled`). */
  cancelled: boolean;
}

export function paypalReturnOf(search: URLSearchParams): PaypalReturn {
  const present = (name: string) => {
    const value = search.get(name)?.trim();
    return value ? value : null;
  };
  return { reference: present('token') ?? present('paymentId'), payerId: present('PayerID'), cancelled: search.has('cancelled') };
}

/** The PayPal payment's order, kept in session storage across the trip to PayPal's page and back. */
const STORAGE_KEY = 'toyduka.paypal.orderId';

export type PaypalOrderStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberPaypalOrder(storage: PaypalOrderStorage, orderId: number): void {
  storage.setItem(STORAGE_KEY, String(orderId));
}

/** The stored order id; null when none is stored or the stored text is not an id. */
export function storedPaypalOrder(storage: PaypalOrderStorage): number | null {
  const stored = Number(storage.getItem(STORAGE_KEY));
  return Number.isSafeInteger(stored) && stored > 0 ? stored : null;
}

export function forgetPaypalOrder(storage: PaypalOrderStorage): void {
  storage.removeItem(STORAGE_KEY);
}
