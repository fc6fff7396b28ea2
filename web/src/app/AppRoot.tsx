import { Outlet } from 'react-router-dom';
import { OfflineNotice } from '../features/pwa/OfflineNotice';
import { useDocumentTitle } from './useDocumentTitle';

/**
 * The frame of every screen: the tab's title and, while the connection is down, the offline notice.
 * It waits for nothing: AuthGuard holds back only the screens that depend on who is signed in.
 */
export function AppRoot() {
  useDocumentTitle();
  return (
    <>
      <OfflineNotice />
      <Outlet />
    </>
  );
}
