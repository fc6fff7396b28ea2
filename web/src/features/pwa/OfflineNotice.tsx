import { Alert } from 'antd';
import { useSyncExternalStore } from 'react';
import { OFFLINE_NOTICE } from './offline-notice';

function watchConnection(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** A banner over every screen while the connection is down: the service worker still shows the app and the pictures already seen. */
export function OfflineNotice() {
  // A page the server drew was drawn online.
  const online = useSyncExternalStore(
    watchConnection,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return <Alert banner type="warning" title={OFFLINE_NOTICE} />;
}
