import { join, resolve } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '@shop/config';
import {
  CATALOGUE_API,
  categoryLabel,
  coverImage,
  CURRENCY,
  effectivePrice,
  filtersOfSearchParams,
  formatKes,
  LOCALE,
  PICTURE_SIZES,
  pictureSourcesOf,
  ROUTES,
  SHOP_NAME,
  type ApiSuccess,
  type CategoryId,
  type FeatureImage,
  type ImageSet,
  type Product,
  type ServerReadAnswer,
  type ServerRenderRequest,
} from '@shop/contracts';
import { APP_CONFIG } from '@shop/infrastructure';
import { idOf } from '../common/id-pipe.js';
import { ServerReads } from './server-reads.js';
import { ServerRenderer } from './server-renderer.js';
import { hasAppPlace, renderShell, ShellFile, type ImagePreload, type MetaTag, type Shell, type ShellHead } from './shell-document.js';
import { breadcrumbData, productData, type Crumb } from './structured-data.js';

/** A shopper page the server may draw: its path and query as asked, and a signal that aborts when the browser stops waiting. */
export interface DrawRequest {
  url: string;
  gone: AbortSignal;
}

/** A page of the web app as sent: its HTML, its status and whether the server drew it (or sent the client shell), or where its route sends the browser instead. */
export type WebPage = { html: string; status: number; drawn: boolean } | { redirectTo: string; status: number };

/**
 * WhatsApp, Facebook and X draw their large card from an image of about 1,000 to 1,200 px and read
 * JPEG everywhere, WebP not everywhere.
 */
const SHARE_IMAGE_MIN_WIDTH = 960;

/** Previews show two or three lines; search engines cut a description near 160 characters. */
const SHARE_DESCRIPTION_MAX_LENGTH = 160;

/** What ProductPicture shows: the WebP source when both formats exist, otherwise the original alone. */
function preloadOf(image: ImageSet, sizes: string): ImagePreload {
  const sources = pictureSourcesOf(image);
  return 'original' in sources ? { href: sources.original } : { srcSet: sources.webp, sizes, type: 'image/webp' };
}

/** The smallest JPEG derivative wide enough for a large card (the largest there is otherwise), else the original. */
function shareImageOf(image: ImageSet): string | undefined {
  const jpegs = image.srcSet.filter((candidate) => candidate.format === 'jpeg');
  const chosen = jpegs.find((candidate) => candidate.width >= SHARE_IMAGE_MIN_WIDTH) ?? jpegs.at(-1);
  if (chosen) return chosen.url;
  return image.status === 'failed' ? undefined : image.url;
}

/** One paragraph, cut after a whole word with an ellipsis when too long. */
function shortDescription(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.length <= SHARE_DESCRIPTION_MAX_LENGTH) return text;
  const cut = text.slice(0, SHARE_DESCRIPTION_MAX_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?–-]+$/, '')}…`;
}

/** "KES 900 (was KES 1,200)" on sale, "KES 1,200" otherwise: the price a preview must show. */
function priceText(product: Product): string {
  const price = formatKes(effectivePrice(product));
  return product.salePrice > 0 ? `${price} (was ${formatKes(product.price)})` : price;
}

/** The data of a read the api answered, or nothing when it refused. */
function dataOf<T>(answer: ServerReadAnswer): T | undefined {
  return 'body' in answer ? (answer.body as ApiSuccess<T>).data : undefined;
}

/** A page's head, from the page's own reads (ServerReads.forOnePage). */
type HeadOf = (shell: Shell, read: ServerRenderRequest['read']) => Promise<ShellHead | undefined>;

const titled = (name: string, shell: Shell) => (shell.siteName ? `${name} – ${shell.siteName}` : name);

/**
 * index.html as each page of the web app is first sent: with the Open Graph and Twitter tags a link
 * preview reads (crawlers run no JavaScript), and the preload of the picture the page paints first.
 * The shopper pages are drawn by the server too (ServerRenderer), the rest are the client shell.
 * A page whose data cannot be read is still the plain shell: the app shows what went wrong itself.
 */
@Injectable()
export class WebShellService {
  private readonly logger = new Logger(WebShellService.name);
  private readonly shellFile: ShellFile;
  private readonly publicUrl: string;

  constructor(
    private readonly reads: ServerReads,
    private readonly renderer: ServerRenderer,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.shellFile = new ShellFile(join(resolve(config.WEB_DIST_DIR), 'index.html'));
    this.publicUrl = config.PUBLIC_URL;
  }

  /** `/shop/product/:id`: the toy, its KES price and its picture. */
  productPage(id: string, draw: DrawRequest): Promise<WebPage | undefined> {
    return this.page(draw, async (shell, read) => {
      const productId = idOf(id);
      const product = productId === undefined ? undefined : dataOf<Product>(await read(CATALOGUE_API.shopProduct(productId)));
      return product && this.productHead(product, shell);
    });
  }

  /** `/shop/listing?category=…`: the categories the link names. */
  listingPage(search: URLSearchParams, draw: DrawRequest): Promise<WebPage | undefined> {
    return this.page(draw, async (shell) => {
      const categories = (filtersOfSearchParams(search).category ?? []) as CategoryId[];
      if (categories.length === 0) return undefined;
      const [home, listing] = this.trailTo(categories);
      const description = `Shop ${listing.name}${shell.siteName ? ` at ${shell.siteName}` : ''}: prices in KES, delivered across Kenya.`;
      return {
        title: titled(listing.name, shell),
        description,
        meta: [
          ...this.siteMeta(shell, listing.url, 'website'),
          ['og:title', listing.name],
          ['og:description', description],
          ['twitter:card', 'summary'],
        ],
        structuredData: [breadcrumbData([home, listing])],
      };
    });
  }

  /**
   * `/shop/home`: the carousel's first picture, the largest paint of the page, preloaded and painted
   * by the shell itself in the carousel's place, so that a slow phone shows it before the app has run;
   * and the carousel's list, so that the app's first render shows that same picture.
   */
  homePage(draw: DrawRequest): Promise<WebPage | undefined> {
    return this.page(draw, async (_shell, read) => {
      const featureImages = dataOf<FeatureImage[]>(await read(CATALOGUE_API.featureImages)) ?? [];
      const [first] = featureImages;
      return (
        first && {
          meta: [],
          preload: preloadOf(first.image, PICTURE_SIZES.hero),
          picture: { sources: pictureSourcesOf(first.image), sizes: PICTURE_SIZES.hero },
          data: { featureImages },
        }
      );
    });
  }

  /** Another shopper page (search, checkout, account, payment returns): drawn, with the shell's own head. */
  shopperPage(draw: DrawRequest): Promise<WebPage | undefined> {
    return this.page(draw, async () => undefined);
  }

  /** Every other path of the web app: the client shell. */
  plainPage(): Promise<WebPage | undefined> {
    return this.page(undefined, async () => undefined);
  }

  private productHead(product: Product, shell: Shell): ShellHead {
    const image = coverImage(product);
    const shareImage = image && shareImageOf(image);
    const description = [priceText(product), shortDescription(product.description)].filter(Boolean).join(' · ');
    const page: Crumb = { name: product.title, url: this.absolute(ROUTES.shopProduct(product.id)) };
    // The cover first (coverImage's choice), then every other picture of the toy.
    const pictures = [product.image, ...product.variations.map((variation) => variation.image)].flatMap((picture) => {
      const url = picture && shareImageOf(picture);
      return url ? [this.absolute(url)] : [];
    });
    return {
      title: titled(product.title, shell),
      description,
      meta: [
        ...this.siteMeta(shell, page.url, 'product'),
        ['og:title', product.title],
        ['og:description', description],
        ...(shareImage
          ? ([
              ['og:image', this.absolute(shareImage)],
              ['og:image:alt', product.title],
            ] satisfies MetaTag[])
          : []),
        ['product:price:amount', String(effectivePrice(product))],
        ['product:price:currency', CURRENCY],
        // X reads title, description and image from Open Graph: only the card's shape is its own.
        ['twitter:card', shareImage ? 'summary_large_image' : 'summary'],
      ],
      preload: image ? preloadOf(image, PICTURE_SIZES.productPage) : undefined,
      structuredData: [
        productData(product, { url: page.url, images: pictures }),
        breadcrumbData([...this.trailTo([product.category]), page]),
      ],
    };
  }

  /** The shop's home, then the listing of `categories`, named as its page names them. */
  private trailTo(categories: CategoryId[]): [home: Crumb, listing: Crumb] {
    return [
      // The shop's name, not "Home": one of its categories is called Home.
      { name: SHOP_NAME, url: this.absolute(ROUTES.shopHome) },
      { name: categories.map(categoryLabel).join(', '), url: this.absolute(ROUTES.shopCategoryListing(categories)) },
    ];
  }

  private siteMeta(shell: Shell, url: string, type: string): MetaTag[] {
    // Open Graph writes a locale with an underscore (en_KE).
    return [
      ['og:type', type],
      ['og:url', url],
      ...(shell.siteName ? ([['og:site_name', shell.siteName]] satisfies MetaTag[]) : []),
      ['og:locale', LOCALE.replace('-', '_')],
    ];
  }

  private absolute(path: string): string {
    return new URL(path, this.publicUrl).href;
  }

  private async page(draw: DrawRequest | undefined, headOf: HeadOf): Promise<WebPage | undefined> {
    const shell = await this.shellFile.read();
    if (!shell) return undefined;
    const read = this.reads.forOnePage();
    const [head, drawn] = await Promise.all([
      headOf(shell, read).catch((error: unknown) => {
        this.logger.warn(`the shell goes without its page's meta: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }),
      draw && hasAppPlace(shell.html) ? this.renderer.render(draw.url, draw.gone, read) : undefined,
    ]);
    if (drawn?.kind === 'redirect') return { redirectTo: drawn.location, status: drawn.status };
    return drawn
      ? { html: renderShell(shell.html, head, drawn), status: drawn.status, drawn: true }
      : { html: renderShell(shell.html, head), status: 200, drawn: false };
  }
}
