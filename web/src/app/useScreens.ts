import { theme, type GlobalToken, type Grid } from 'antd';
import { useMemo, useSyncExternalStore } from 'react';

/** Which of antd's breakpoints the window is at or past: what Grid.useBreakpoint answers. */
export type Screens = ReturnType<typeof Grid.useBreakpoint>;
type Breakpoint = keyof Screens;

/** The media queries behind antd's breakpoints, from the theme's screen tokens as antd's own Grid reads them. */
function breakpointQueries(token: GlobalToken): Record<Breakpoint, string> {
  return {
    xs: `(max-width: ${token.screenXSMax}px)`,
    sm: `(min-width: ${token.screenSM}px)`,
    md: `(min-width: ${token.screenMD}px)`,
    lg: `(min-width: ${token.screenLG}px)`,
    xl: `(min-width: ${token.screenXL}px)`,
    xxl: `(min-width: ${token.screenXXL}px)`,
    xxxl: `(min-width: ${token.screenXXXL}px)`,
  };
}

interface ScreensStore {
  subscribe: (onChange: () => void) => () => void;
  getSnapshot: () => Screens;
}

function screensStoreOf(queries: Record<Breakpoint, string>): ScreensStore {
  const lists = (Object.keys(queries) as Breakpoint[]).map((breakpoint) => [breakpoint, window.matchMedia(queries[breakpoint])] as const);
  let snapshot: Screens = {};
  return {
    subscribe(onChange) {
      lists.forEach(([, list]) => list.addEventListener('change', onChange));
      return () => lists.forEach(([, list]) => list.removeEventListener('change', onChange));
    },
    // A new object only when a breakpoint changed, as useSyncExternalStore asks.
    getSnapshot() {
      if (lists.some(([breakpoint, list]) => snapshot[breakpoint] !== list.matches))
        snapshot = Object.fromEntries(lists.map(([breakpoint, list]) => [breakpoint, list.matches]));
      return snapshot;
    },
  };
}

const stores = new Map<string, ScreensStore>();

/**
 * What a server render assumes, and so what the hydration that takes it over starts from: a phone,
 * as most shoppers' screens are. A wider window renders again at once with its own breakpoints.
 */
const PHONE_SCREENS: Screens = { xs: true, sm: false, md: false, lg: false, xl: false, xxl: false, xxxl: false };
const onPhone = () => PHONE_SCREENS;
const serverScreens: ScreensStore = { subscribe: () => () => undefined, getSnapshot: onPhone };

/**
 * Grid.useBreakpoint's answer, right from the first render. antd's hook answers {} at first and
 * corrects itself in a layout effect, which renders every screen that asks twice, the second time
 * in one blocking task: on a slow phone the shop froze for a third of a second after its first paint.
 */
export function useScreens(): Screens {
  const { token } = theme.useToken();
  const queries = useMemo(() => breakpointQueries(token), [token]);
  const key = Object.values(queries).join();
  let store = typeof window === 'undefined' ? serverScreens : stores.get(key);
  if (!store) {
    store = screensStoreOf(queries);
    stores.set(key, store);
  }
  return useSyncExternalStore(store.subscribe, store.getSnapshot, onPhone);
}
