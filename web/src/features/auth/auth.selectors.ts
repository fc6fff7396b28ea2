import { ROUTES, type SessionUser } from '@shop/contracts';
import type { RootState } from '../../app/store';

export const selectAuth = (state: RootState) => state.auth;
export const selectUser = (state: RootState) => state.auth.user;
export const selectIsAuthenticated = (state: RootState) => state.auth.isAuthenticated;
export const selectAuthChecked = (state: RootState) => state.auth.authChecked;
export const selectAuthLoading = (state: RootState) => state.auth.isLoading;
export const selectIsAdmin = (state: RootState) => state.auth.user?.role === 'admin';

/** Where a signed-in user belongs: admins to the dashboard, every other role to the shop. */
export function homePathFor(user: Pick<SessionUser, 'role'>): string {
  return user.role === 'admin' ? ROUTES.adminDashboard : ROUTES.shopHome;
}
