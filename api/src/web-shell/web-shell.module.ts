import { resolve } from 'node:path';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppConfig } from '@shop/config';
import { ROUTES, SERVER_PATH_PREFIXES } from '@shop/contracts';
import { APP_CONFIG } from '@shop/infrastructure';
import { FeatureImagesModule } from '../feature-images/feature-images.module.js';
import { ProductsModule } from '../products/products.module.js';
import { REVALIDATE, webAssets } from './web-assets.js';
import { WebShellService } from './web-shell.service.js';

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

/**
 * The web build at the site's root: its files, compressed at build time, and index.html for every
 * path of the app, with the meta and preload of the pages a link can name (web-shell.service.ts).
 */
@Module({ imports: [FeatureImagesModule, ProductsModule], providers: [WebShellService] })
export class WebShellModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly webShell: WebShellService,
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
    // The segment is a page's, not yet an id: whatever is no product's id gets the plain shell, as any unknown page does.
    app.get(
      ROUTES.shopProduct(':product'),
      this.page((request) => this.webShell.productPage(String(request.params.product))),
    );
    app.get(
      ROUTES.shopListing,
      this.page((request) => this.webShell.listingPage(searchOf(request))),
    );
    app.get(
      ROUTES.shopHome,
      this.page(() => this.webShell.homePage()),
    );
    const plainPage = this.page(() => this.webShell.plainPage());
    app.get('{*clientPath}', (request: Request, response: Response, next: NextFunction) =>
      isClientRoute(request.path) ? plainPage(request, response, next) : next(),
    );
  }

  /** While there is no build, every page goes on to the api's 404. */
  private page(render: (request: Request) => Promise<string | undefined>): RequestHandler {
    return (request, response, next) => {
      render(request).then(
        (html) => (html === undefined ? next() : response.set('Cache-Control', REVALIDATE).type('html').send(html)),
        next,
      );
    };
  }
}
