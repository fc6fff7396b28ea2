import type { AddToCartRequest } from '../cart/cart-lines';

/**
 * What a guest asked for that needs an account, finished for them once they have signed in
 * (decision: Guests may browse). A guest's heart only ever adds: they have no wishlist to take a toy out of.
 */
export type GuestIntent =
  | { kind: 'add-to-cart'; request: AddToCartRequest }
  | { kind: 'add-to-wishlist'; productId: number }
  | { kind: 'open-cart' }
  | { kind: 'open-wishlist' };

export type GuestIntentStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Kept in the tab's session storage, as the sign-in may be a full-page trip through Google and back.
 * It lives as long as that one sign-in: a guest who goes back to browsing abandons it (guestBrowsing),
 * and one left on the sign-in screen expires, so that the next person to sign in on a shared phone
 * never has it finished for them.
 */
const STORAGE_KEY = 'toyduka.sign-in.intent';
export const GUEST_INTENT_LIFETIME_MS = 10 * 60_000;

interface StoredIntent {
  intent: GuestIntent;
  savedAt: number;
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function isAddToCartRequest(value: unknown): value is AddToCartRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { productId, variationId, totalStock } = value as Record<string, unknown>;
  return isId(productId) && (variationId === null || isId(variationId)) && isCount(totalStock);
}

/** Only what the shop itself could have written: the storage is the visitor's to edit. */
function intentOf(value: unknown): GuestIntent | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Record<string, unknown>;
  switch (candidate.kind) {
    case 'add-to-cart':
      return isAddToCartRequest(candidate.request) ? { kind: 'add-to-cart', request: { ...candidate.request } } : null;
    case 'add-to-wishlist':
      return isId(candidate.productId) ? { kind: 'add-to-wishlist', productId: candidate.productId } : null;
    case 'open-cart':
    case 'open-wishlist':
      return { kind: candidate.kind };
    default:
      return null;
  }
}

/** The newest request replaces any older one: the guest is finishing the last thing they asked for. */
export function rememberGuestIntent(storage: GuestIntentStorage, intent: GuestIntent, now = Date.now()): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ intent, savedAt: now } satisfies StoredIntent));
  } catch {
    // Storage refused (full, or switched off): the guest still signs in, and asks again after.
  }
}

/** The intent waiting for a sign-in, taken out of storage so that it is finished at most once. */
export function takeGuestIntent(storage: GuestIntentStorage, now = Date.now()): GuestIntent | null {
  let stored: unknown;
  try {
    const text = storage.getItem(STORAGE_KEY);
    if (text === null) return null;
    storage.removeItem(STORAGE_KEY);
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { intent, savedAt } = stored as Record<string, unknown>;
  if (typeof savedAt !== 'number' || !(now - savedAt >= 0 && now - savedAt <= GUEST_INTENT_LIFETIME_MS)) return null;
  return intentOf(intent);
}

export function forgetGuestIntent(storage: GuestIntentStorage): void {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Storage switched off: nothing was kept.
  }
}
