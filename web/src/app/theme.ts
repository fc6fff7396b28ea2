import { theme, type ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';

/**
 * Toy Duka's look: a warm orange on a cream page. Every colour that carries words (white on a filled
 * button or tag, coloured text on white, cream or its own pale background) reaches WCAG AA's 4.5:1,
 * including the hover shades, which go darker rather than antd's lighter default for that reason.
 *
 * antd makes none of its components' styles in the page (`zeroRuntime`): they are built into
 * stylesheets at build time (web/src/styles/antd-stylesheets.tsx), which is why the selectors carry
 * no hash and every theme has a fixed key for its variables, the same in the build, the server
 * render and the browser (antd's default key comes from React's useId, which differs between them).
 */
export const shopTheme: ThemeConfig = {
  zeroRuntime: true,
  hashed: false,
  cssVar: { key: 'css-var-shop' },
  token: {
    colorPrimary: '#c2410c',
    colorPrimaryHover: '#9c2802',
    colorPrimaryActive: '#751900',
    colorInfo: '#c2410c',
    colorLink: '#c2410c',
    colorLinkHover: '#9c2802',
    colorLinkActive: '#751900',
    colorSuccess: '#237a35',
    colorSuccessBg: '#ebfbee',
    colorWarning: '#a65300',
    colorWarningBg: '#fff9db',
    colorError: '#c92a2a',
    // antd's grey for secondary words, descriptions and placeholders (45% and 25% black) reads at 3.4:1 and 1.8:1.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorBgLayout: '#fff8f1',
    borderRadius: 10,
    borderRadiusLG: 14,
    fontSize: 15,
    wireframe: false,
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      headerPadding: '0 16px',
      siderBg: '#ffffff',
      bodyBg: '#fff8f1',
    },
    Menu: {
      itemBorderRadius: 8,
    },
    Button: {
      fontWeight: 600,
    },
    // A link inside a sentence must not be told apart by its colour alone (WCAG 1.4.1). Only
    // Typography's links: a button or a card that happens to be an <a> keeps its own look.
    Typography: {
      linkDecoration: 'underline',
    },
  },
};

/** The category row on large screens: tighter items, so that all nine categories fit one row at 1280 px instead of folding into '…'. */
export const compactMenuTheme: ThemeConfig = {
  cssVar: { key: 'css-var-compact-menu' },
  components: { Menu: { itemPaddingInline: 8, fontSize: 14 } },
};

/** The auth screens' welcome panel: black with white text (docs/product.md, Web routes). */
export const welcomePanelTheme: ThemeConfig = {
  cssVar: { key: 'css-var-welcome-panel' },
  algorithm: theme.darkAlgorithm,
  token: { colorBgBase: '#000000', colorTextBase: '#ffffff', colorPrimary: '#ff8a4c' },
};

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function watchReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the person has asked their device for less motion; follows the setting while the page is open. */
export function usePrefersReducedMotion(): boolean {
  // A server render (and the hydration that takes it over) moves: the setting is the device's, read once the page runs.
  return useSyncExternalStore(
    watchReducedMotion,
    () => window.matchMedia(REDUCED_MOTION_QUERY).matches,
    () => false,
  );
}

/** How the page should scroll when the shop moves it (to the top of a new page of results): no glide for a person who asked for less motion. */
export function useScrollBehavior(): ScrollBehavior {
  return usePrefersReducedMotion() ? 'instant' : 'smooth';
}
