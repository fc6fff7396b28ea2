/**
 * The address a shopper chose for checkout, kept in the tab's session storage so that a reload of
 * the checkout keeps the choice. It names its shopper: whoever signs in next in the tab starts
 * without a choice.
 */
const STORAGE_KEY = 'toyduka.checkout.address';

export type ChosenAddressStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberChosenAddress(storage: ChosenAddressStorage, userId: number, addressId: number): void {
  storage.setItem(STORAGE_KEY, JSON.stringify({ userId, addressId }));
}

/** The address this shopper chose in this tab; null when none was, another shopper did, or the stored text is unreadable. */
export function chosenAddressOf(storage: ChosenAddressStorage, userId: number): number | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null || !('userId' in stored) || !('addressId' in stored)) return null;
    const { addressId } = stored;
    return stored.userId === userId && Number.isSafeInteger(addressId) && (addressId as number) > 0 ? (addressId as number) : null;
  } catch {
    return null;
  }
}

export function forgetChosenAddress(storage: ChosenAddressStorage): void {
  storage.removeItem(STORAGE_KEY);
}
