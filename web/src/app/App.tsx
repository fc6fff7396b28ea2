import { Provider as MotionProvider } from '@rc-component/motion';
import { ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from '../features/notifications/Toaster';
import type { AppStore } from './store';
import { shopTheme, usePrefersReducedMotion } from './theme';

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
 * so that the browser hydrates the page as the server drew it.
 */
export function App({ store, serverState, onShown, children }: AppProps) {
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => onShown?.(), [onShown]);
  return (
    <Provider store={store} serverState={serverState}>
      {/*
        antd's fades, slides and zooms off for a person who asked for less motion, as its theme's
        `motion: false` turns them off, but without a second theme that would draw the whole page
        again once it is hydrated. Not by a stylesheet that cuts them short: antd's popups wait for
        the end of an animation to leave, and place themselves wrongly after one of almost no time.
        styles/reduced-motion.css stops antd's other transitions.
      */}
      <MotionProvider motion={!reducedMotion}>
        <ConfigProvider theme={shopTheme}>
          <Toaster />
          {children}
        </ConfigProvider>
      </MotionProvider>
    </Provider>
  );
}
