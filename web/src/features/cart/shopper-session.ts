import type { SessionUser } from '@shop/contracts';
import { authChecked, loggedOut, signedInAs } from '../auth/auth.slice';

/** The actions after which the signed-in user may be someone else (or nobody). */
export const SESSION_CHANGES = [authChecked.type, signedInAs.type, loggedOut.type];

export type SessionChange = ReturnType<typeof authChecked> | ReturnType<typeof signedInAs> | ReturnType<typeof loggedOut>;

export function sessionUserOf(action: SessionChange): SessionUser | null {
  return loggedOut.match(action) ? null : action.payload;
}

/** Shoppers keep a cart and a wishlist; admins and guests have neither. */
export function isShopper(user: SessionUser | null): user is SessionUser {
  return user !== null && user.role !== 'admin';
}
