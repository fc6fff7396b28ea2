import { ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from '../features/notifications/Toaster';
import type { AppStore } from './store';
import { useShopTheme } from './theme';

interface AppProps {
  store: AppStore;
  /** Over a page the server drew: the state it was drawn from, which the hydrating render must draw from too, whatever has changed since. */
  serverState?: ReturnType<AppStore['getState']>;
  /** Once the first render is on screen (over a page the server drew: once it is hydrated). */
  onShown?: () => void;
  /** The router: the browser's, or a server render's static one. */
  children: ReactNode;
}

/**
 * Everything around the router, the same in the browser and in a server render (entry-server.tsx),
 * so that the ids antd's styles are keyed by come out alike on both sides.
 */
export function App({ store, serverState, onShown, children }: AppProps) {
  const theme = useShopTheme();
  useEffect(() => onShown?.(), [onShown]);
  return (
    <Provider store={store} serverState={serverState}>
      <ConfigProvider theme={theme}>
        <Toaster />
        {children}
      </ConfigProvider>
    </Provider>
  );
}
