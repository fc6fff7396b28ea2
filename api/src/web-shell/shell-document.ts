import { readFile, stat } from 'node:fs/promises';
import escapeHtml from 'escape-html';
import { SHELL_DATA_ELEMENT_ID, type PictureSources, type ServerRender, type ShellData } from '@shop/contracts';
import type { StructuredData } from './structured-data.js';

/** A page the web's server render drew (web/src/entry-server.tsx). */
export type DrawnPage = Extract<ServerRender, { kind: 'page' }>;

/** An image the page will show first, for the browser to fetch while the app's code still loads. */
export type ImagePreload =
  /** The `<picture>`'s WebP source: the browser picks the same candidate from the same srcset and sizes. */
  | { srcSet: string; sizes: string; type: string }
  /** A lone `<img src>` (derivatives not made yet). */
  | { href: string };

/** A picture for the shell to paint before the app's code has come, as the app's `<picture>` shows it. */
export interface ShellPicture {
  sources: PictureSources;
  sizes: string;
}

/** Open Graph tags (`og:`, `product:`) are written with `property`, Twitter's with `name`. */
export type MetaTag = [key: string, content: string];

/** What a page adds to the shell's head so that a link preview, or the first paint, needs no JavaScript. */
export interface ShellHead {
  /** In place of the shell's own, when the page has one. */
  title?: string;
  description?: string;
  /** In this order: a structured property (`og:image:alt`) follows the tag it describes. */
  meta: MetaTag[];
  preload?: ImagePreload;
  /** JSON-LD blocks: search engines and chat assistants read the page's facts from these, not from its markup. */
  structuredData?: StructuredData[];
  /** Painted in the shell's page-picture place, where its index.html has one. */
  picture?: ShellPicture;
  /** For the app's first render: what the page painted with. */
  data?: ShellData;
}

/** The web build's index.html as last read, and the shop's name as its `<title>` gives it. */
export interface Shell {
  html: string;
  siteName: string | undefined;
}

const TITLE = /<title>([^<]*)<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>/i;
const HEAD_END = /<\/head>/i;
/** Where index.html lets a page paint its first picture: inside the app's root, which the app's first render replaces. */
const PICTURE_PLACE = '<!--page-picture-->';
/** What index.html holds in the app's root between these marks is the client shell's; a drawn page puts React's markup there instead, alone. */
const APP_HTML = /<div id="root"><!--app-html-->[\s\S]*<!--\/app-html-->/;

const attribute = (value: string) => `"${escapeHtml(value)}"`;

function metaTag([key, content]: MetaTag): string {
  return `<meta ${key.startsWith('twitter:') ? 'name' : 'property'}=${attribute(key)} content=${attribute(content)} />`;
}

function preloadTag(preload: ImagePreload): string {
  const source =
    'href' in preload
      ? `href=${attribute(preload.href)}`
      : `imagesrcset=${attribute(preload.srcSet)} imagesizes=${attribute(preload.sizes)} type=${attribute(preload.type)}`;
  return `<link rel="preload" as="image" ${source} fetchpriority="high" />`;
}

/** JSON in a script element: a `<` escaped, so that no value can close the element (`</script>`) or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function dataTag(data: ShellData): string {
  return `<script type="application/json" id="${SHELL_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`;
}

/** Data, never run: the Content-Security-Policy's `script-src 'self'` has nothing to refuse. */
function structuredDataTag(data: StructuredData): string {
  return `<script type="application/ld+json">${scriptJson(data)}</script>`;
}

function pictureMarkup({ sources, sizes }: ShellPicture): string {
  // Hidden from screen readers: the app's own picture, with its words, takes its place a moment later.
  const image = (attributes: string) => `<img ${attributes} alt="" fetchpriority="high" />`;
  const inner =
    'original' in sources
      ? image(`src=${attribute(sources.original)}`)
      : `<picture><source type="image/webp" srcset=${attribute(sources.webp)} sizes=${attribute(sizes)} />${image(`src=${attribute(sources.fallback)} srcset=${attribute(sources.jpeg)} sizes=${attribute(sizes)}`)}</picture>`;
  return `<div class="boot-picture" aria-hidden="true">${inner}</div>`;
}

/** Whether a drawn page has its place in this index.html (an old build's has none: its pages go as the shell). */
export function hasAppPlace(shell: string): boolean {
  return APP_HTML.test(shell);
}

/**
 * The shell with the page's head: its title and description replace the shell's own, the rest goes
 * before `</head>`, and its picture into the root, or, for a page the server drew, React's markup, with
 * the state it was drawn from (its styles are the shell's own stylesheet). Every value is escaped,
 * and inserted by a function: a `$&` in a product's title is text, not a replacement pattern.
 */
export function renderShell(shell: string, head: ShellHead | undefined, drawn?: DrawnPage): string {
  let html = shell;
  if (drawn) {
    // Inert until the browser has taken the page over (main.tsx): a tap on a button whose code has not
    // run yet would be lost, where an inert page is plainly still coming, to a person and to a test.
    html = html.replace(APP_HTML, () => `<div id="root" inert>${drawn.appHtml}`).replace(HEAD_END, () => `${drawn.state}</head>`);
    // The shell's first picture and data are for the client shell's first render: the drawn page has its own.
    if (head) head = { ...head, picture: undefined, data: undefined };
  }
  if (!head) return html;
  const added: string[] = [];
  const put = (pattern: RegExp, tag: string) => {
    if (pattern.test(html)) html = html.replace(pattern, () => tag);
    else added.push(tag);
  };
  if (head.title !== undefined) put(TITLE, `<title>${escapeHtml(head.title)}</title>`);
  if (head.description !== undefined) put(DESCRIPTION, `<meta name="description" content=${attribute(head.description)} />`);
  added.push(
    ...head.meta.map(metaTag),
    ...(head.preload ? [preloadTag(head.preload)] : []),
    ...(head.structuredData ?? []).map(structuredDataTag),
    ...(head.data ? [dataTag(head.data)] : []),
  );
  if (head.picture) {
    const markup = pictureMarkup(head.picture);
    html = html.replace(PICTURE_PLACE, () => markup);
  }
  return html.replace(HEAD_END, () => `  ${added.join('\n    ')}\n  </head>`);
}

/**
 * index.html, read again only when the file changed (a new build, or a test's own dist): a stat per
 * page instead of a read. Undefined while there is no build.
 */
export class ShellFile {
  private cached?: { version: string; shell: Shell };

  constructor(private readonly path: string) {}

  async read(): Promise<Shell | undefined> {
    const stats = await stat(this.path).catch(() => undefined);
    if (!stats?.isFile()) return undefined;
    const version = `${stats.mtimeMs}:${stats.size}`;
    if (this.cached?.version !== version) {
      const html = await readFile(this.path, 'utf8');
      this.cached = { version, shell: { html, siteName: TITLE.exec(html)?.[1]?.trim() || undefined } };
    }
    return this.cached.shell;
  }
}
