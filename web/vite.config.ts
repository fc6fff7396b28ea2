import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { theme } from 'antd';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { SERVER_PATH_PREFIXES } from '../libs/contracts/src/routes';
import { SHOP_NAME } from './src/app/brand';
import { shopTheme } from './src/app/theme';
import { adminOnlyFiles, type BuildManifest } from './src/features/pwa/chunk-audience';
import { BANNER_ASPECT_RATIO, SHOP_PAGE_MAX_WIDTH, SHOP_PAGE_PADDING } from './src/features/shop/layout/shop-frame';
import { stylesheetPath, type AntdStyleGroup } from './src/styles/antd-style-groups';
import { buildAntdStylesheets } from './src/styles/antd-stylesheets';

// The dev server and `vite preview` forward the api's paths so that the session cookie stays first-party.
const apiUrl = process.env.API_URL ?? 'http://localhost:3000';

/** Paths the api answers itself: a navigation there is never the app's to serve. */
const SERVER_PATHS = SERVER_PATH_PREFIXES.map((prefix) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|$)`));

const designToken = theme.getDesignToken(shopTheme);

/**
 * What index.html and offline.html paint before any script runs, written into them at build from the
 * theme and the shop's frame: the colours, the text's look (antd styles only its own components'
 * text), and the box in which the shell paints the home page's first picture (the api puts it there)
 * exactly where the carousel will show it.
 */
const SHELL_VALUES: Record<string, string> = {
  SHOP_PRIMARY_COLOUR: designToken.colorPrimary,
  SHOP_PAGE_COLOUR: designToken.colorBgLayout,
  SHOP_TEXT_COLOUR: designToken.colorText,
  SHOP_FONT_FAMILY: designToken.fontFamily,
  SHOP_FONT_SIZE: `${designToken.fontSize}px`,
  SHOP_LINE_HEIGHT: String(designToken.lineHeight),
  SHOP_PAGE_MAX_WIDTH: `${SHOP_PAGE_MAX_WIDTH}px`,
  SHOP_PAGE_PADDING_PHONE: `${SHOP_PAGE_PADDING.phone}px`,
  SHOP_PAGE_PADDING_FROM_MEDIUM: `${SHOP_PAGE_PADDING.fromMedium}px`,
  SHOP_SCREEN_MEDIUM: `${designToken.screenMD}px`,
  SHOP_BANNER_ASPECT_RATIO: BANNER_ASPECT_RATIO,
  SHOP_BANNER_RADIUS: `${designToken.borderRadiusLG}px`,
};

/** offline.html loads nothing of the build, so it is not one of its inputs, only written out beside index.html. */
function shellValuesInHtml(): Plugin {
  const fill = (html: string) => html.replace(/%(SHOP_[A-Z_]+)%/g, (placeholder, name: string) => SHELL_VALUES[name] ?? placeholder);
  return {
    name: 'shell-values-in-html',
    transformIndexHtml: { order: 'pre', handler: fill },
    async generateBundle() {
      const offlinePage = await readFile(new URL('offline.html', import.meta.url), 'utf8');
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: fill(offlinePage) });
    },
  };
}

/**
 * antd's stylesheets (src/styles/antd-style-groups.ts), written before any module that imports one
 * is read: by both builds, as each reads the route modules that import them, and by the dev server.
 */
function antdStylesheets(): Plugin {
  return {
    name: 'antd-stylesheets',
    async buildStart() {
      const stylesheets = Object.entries(buildAntdStylesheets()) as [AntdStyleGroup, string][];
      await mkdir(new URL('src/styles/antd/', import.meta.url), { recursive: true });
      await Promise.all(stylesheets.map(([group, css]) => writeFile(new URL(stylesheetPath(group), import.meta.url), css)));
    },
  };
}

/** The api's and the shop's sources as one copy: the phone rules first, as they are a path under the contracts'. */
const sharedSources = [
  { find: '@shop/contracts/phone', replacement: fileURLToPath(new URL('../libs/contracts/src/phone.ts', import.meta.url)) },
  { find: '@shop/contracts', replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
];

/**
 * The server render's bundle (entry-server.tsx, loaded by the api): self-contained, React and antd
 * inside it, as the api's image carries no web dependencies; in web/dist-ssr, never under web/dist,
 * which is served to the public.
 */
const serverBuild = (mode: string): UserConfig => ({
  plugins: [react(), antdStylesheets()],
  resolve: { alias: sharedSources },
  ssr: { noExternal: true },
  // React's and antd's production builds, unless built with `--mode development` to read React's hydration diffs.
  define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production') },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});

const browserBuild = defineConfig({
  plugins: [
    react(),
    antdStylesheets(),
    shellValuesInHtml(),
    VitePWA({
      // main.tsx registers the worker once the page has loaded, so that its downloads never compete with the first paint.
      injectRegister: false,
      manifest: {
        name: SHOP_NAME,
        short_name: SHOP_NAME,
        description: 'Toys, games and party supplies delivered across Kenya.',
        id: '/',
        start_url: '/shop/home',
        scope: '/',
        display: 'standalone',
        theme_color: designToken.colorPrimary,
        background_color: designToken.colorBgLayout,
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The manifest and its icons are added by the plugin itself.
        globPatterns: ['**/*.{js,css,html,svg}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        // The first visit's page is taken over at once, so that it keeps working if the line drops; a new
        // release waits until every tab of the old one is closed rather than swapping code under a checkout.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Stored pictures are named by their content hash: one seen once is the same picture forever.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/uploads/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'toy-pictures',
              expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Navigations the app shell does not serve (the api's own pages, such as Google sign-in) get the offline page when the line is down.
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'offline.html' } },
          },
        ],
      },
      integration: {
        // Shoppers never load the admin screens: their phones should not download them into the cache either.
        async beforeBuildServiceWorker(options) {
          const distDir = options.workbox.globDirectory;
          if (distDir === undefined) throw new Error('vite-plugin-pwa resolved no build directory to read the chunks from');
          const manifest = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
          options.workbox.globIgnores = [...(options.workbox.globIgnores ?? []), ...adminOnlyFiles(manifest)];
        },
      },
    }),
    // Compressed once at build, at the best settings, for the api to send as they are (the originals stay for clients that take neither).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|webmanifest)$/,
      exclude: /\.vite[\\/]/,
    }),
  ],
  // Only the screens where numbers are typed or shown load the phone rules.
  resolve: { alias: sharedSources },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiUrl, xfwd: true },
      '/uploads': { target: apiUrl },
      '/socket.io': { target: apiUrl, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The stylesheets are antd's, which it writes compact already. Minifying them again rounds numbers
    // to six digits: the text's line height of 1.5333333333333334 (15 px type on 23 px lines) becomes
    // 1.53333, and lines of text move by a pixel.
    cssMinify: false,
    // .vite/manifest.json: which chunk each screen needs, read by the service worker's build and the browser tests.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Libraries change far less often than the shop's code: separate chunks stay cached across releases.
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 20 },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|redux-saga|@redux-saga|react-redux|immer|reselect)[\\/]/,
              priority: 20,
            },
            // Everything the first page needs in one file: on a slow line each extra request costs a round trip.
            { name: 'shell', tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild, mode }) => (isSsrBuild ? serverBuild(mode) : browserBuild));
