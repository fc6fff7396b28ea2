import { resolve } from 'node:path';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppConfig } from '@shop/config';
import { CRAWLER_PATHS, ROUTES, SERVER_PATH_PREFIXES } from '@shop/contracts';
import { APP_CONFIG } from '@shop/infrastructure';
import { sessionTokenOfRequest } from '../access/session-token.js';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { FeatureImagesModule } from '../feature-images/feature-images.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { ShopInfoModule } from '../shop-info/shop-info.module.js';
import { GuestPageCache } from './guest-page-cache.js';
import { robotsTxt } from './robots-txt.js';
import { ServerReads } from './server-reads.js';
import { ServerRenderer } from './server-renderer.js';
import { SitemapService } from './sitemap.service.js';
import { REVALIDATE, webAssets } from './web-assets.js';
import { WebShellService, type DrawRequest, type WebPage } from './web-shell.service.js';

/** Express matches routes case-insensitively: /API/… is the api's too. */
function isServerPath(path: string): boolean {
  const lower = path.toLowerCase();
  return SERVER_PATH_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/**
 * A path the web app routes. A file the build does not have is a 404, never the shell: a service
 * worker or a lazy import asking for last release's chunk must not be handed HTML.
 */
function isClientRoute(path: string): boolean {
  return !isServerPath(path) && !path.toLowerCase().startsWith('/assets/') && !/\.[^/]*$/.test(path);
}

/** The query string of a request as the browser sent it: Express's parsed `query` may hold arrays. */
function searchOf(request: Request): URLSearchParams {
  const start = request.originalUrl.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : request.originalUrl.slice(start));
}

/** The shopper pages the server draws beside the ones a link previews (product, listing, home): the rest of the shop window and the shells of the signed-in pages. */
const OTHER_SHOPPER_PAGES = [
  ROUTES.shopSearch,
  ROUTES.shopCheckout,
  ROUTES.shopAccount,
  ROUTES.shopPaypalReturn,
  ROUTES.shopPaymentSuccess,
];

/** A guest's page is drawn to the end whoever leaves: the guests after them are given it. */
const NEVER_GONE = new AbortController().signal;

type PageRender = (request: Request, draw: DrawRequest) => Promise<WebPage | undefined>;

/** A request with a session token (perhaps expired): treated as a signed-in shopper's. */
function isSignedIn(request: Request): boolean {
  return sessionTokenOfRequest(request) !== undefined;
}

/** The page's request for its server render: aborted when the browser stops waiting for the answer. */
function drawRequestOf(request: Request, response: Response): DrawRequest {
  const gone = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) gone.abort(new Error('the browser stopped waiting'));
  });
  return { url: request.originalUrl, gone: gone.signal };
}

/**
 * The web build at the site's root: its files, compressed at build time, and index.html for every
 * path of the app, with the meta and preload of the pages a link can name, and the shopper pages
 * drawn by the server (web-shell.service.ts); beside them, robots.txt and the sitemap.
 */
@Module({
  imports: [CatalogueModule, FeatureImagesModule, MetricsModule, ShopInfoModule],
  providers: [WebShellService, ServerRenderer, ServerReads, GuestPageCache, SitemapService],
})
export class WebShellModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly webShell: WebShellService,
    private readonly guestPages: GuestPageCache,
    private readonly sitemap: SitemapService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Mounted on Express after the api's routes, as ServeStaticModule mounts a web app: a Nest route
   * always sits under the 'api' prefix, and excluding a catch-all from the prefix would take every
   * api route out with it.
   */
  onModuleInit(): void {
    const app = this.adapterHost.httpAdapter.getInstance<Express>();
    const assets = webAssets(resolve(this.config.WEB_DIST_DIR));
    app.use((request: Request, response: Response, next: NextFunction) =>
      isServerPath(request.path) ? next() : assets(request, response, next),
    );
    // The crawlers' files are the api's own (SERVER_PATH_PREFIXES): no file of a build stands in for them.
    const robots = robotsTxt(new URL(CRAWLER_PATHS.sitemap, this.config.PUBLIC_URL).href);
    app.get(CRAWLER_PATHS.robots, (_request: Request, response: Response) => {
      response.set('Cache-Control', REVALIDATE).type('text/plain').send(robots);
    });
    app.get(CRAWLER_PATHS.sitemap, (_request: Request, response: Response, next: NextFunction) => {
      this.sitemap.xml().then((xml) => response.set('Cache-Control', REVALIDATE).type('application/xml').send(xml), next);
    });
    // The segment is a page's, not yet an id: whatever is no product's id gets the plain shell, as any unknown page does.
    app.get(
      ROUTES.shopProduct(':product'),
      this.guestCachedPage((request, draw) => this.webShell.productPage(String(request.params.product), draw)),
    );
    app.get(
      ROUTES.shopListing,
      this.guestCachedPage((request, draw) => this.webShell.listingPage(searchOf(request), draw)),
    );
    app.get(
      ROUTES.shopHome,
      this.guestCachedPage((_request, draw) => this.webShell.homePage(draw)),
    );
    const shopperPage = this.page((_request, draw) => this.webShell.shopperPage(draw));
    for (const path of OTHER_SHOPPER_PAGES) app.get(path, shopperPage);
    const plainPage = this.page(() => this.webShell.plainPage());
    app.get('{*clientPath}', (request: Request, response: Response, next: NextFunction) =>
      isClientRoute(request.path) ? plainPage(request, response, next) : next(),
    );
  }

  /**
   * A page a crowd of guests may share (GuestPageCache), drawn to the end even when the guest who
   * asked first leaves, since the others wait for it; a signed-in shopper's is theirs alone.
   */
  private guestCachedPage(render: PageRender): RequestHandler {
    return this.page((request, draw) =>
      isSignedIn(request)
        ? this.guestPages.pageForShopper(() => render(request, draw))
        : this.guestPages.pageForGuest(request.originalUrl, () => render(request, { ...draw, gone: NEVER_GONE })),
    );
  }

  /** While there is no build, every page goes on to the api's 404. */
  private page(render: PageRender): RequestHandler {
    return (request, response, next) => {
      render(request, drawRequestOf(request, response)).then((page) => {
        if (page === undefined) next();
        else if ('redirectTo' in page) response.redirect(page.status, page.redirectTo);
        else
          response
            .status(page.status)
            // No shared cache on the way (a CDN, a proxy) may keep what a signed-in browser was sent.
            .set('Cache-Control', isSignedIn(request) ? `private, ${REVALIDATE}` : REVALIDATE)
            .type('html')
            .send(page.html);
      }, next);
    };
  }
}
