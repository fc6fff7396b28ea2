import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { AppConfig } from '@shop/config';
import { APP_CONFIG, ShopWindowVersion } from '@shop/infrastructure';
import { ApiMetrics } from '../metrics/api-metrics.js';
import type { WebPage } from './web-shell.service.js';

/** The HTML kept per api process: a drawn page is some tens of KB, its styles inline. */
const KEPT_HTML_MAX_CHARS = 32 * 1024 * 1024;

/**
 * The home, listing and product pages as drawn for a guest, served again to the next guests for
 * WEB_PAGE_CACHE_MS: a crowd arriving from one shared link costs one render. A page is kept under
 * the shop window's count (ShopWindowVersion) as it was before its reads began, so a change of a
 * product, a price, a picture, a stock state or a feature image, in any process, leaves every page
 * drawn before it unread. Guests asking for a page while it is being drawn wait for that render. Only pages the server drew are kept, never the client shell a failed
 * render fell back to. A drawn page holds nothing of any shopper (the render has no session), and a
 * signed-in shopper's request is still never answered from here nor kept (pageForShopper).
 */
@Injectable()
export class GuestPageCache {
  private readonly pages: LRUCache<string, Extract<WebPage, { html: string }>> | null;
  /** The pages being drawn: the guests who ask meanwhile wait for the same render rather than start their own. */
  private readonly drawing = new Map<string, Promise<WebPage | undefined>>();

  constructor(
    private readonly shopWindow: ShopWindowVersion,
    private readonly metrics: ApiMetrics,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.pages =
      config.WEB_PAGE_CACHE_MS > 0
        ? new LRUCache({ ttl: config.WEB_PAGE_CACHE_MS, maxSize: KEPT_HTML_MAX_CHARS, sizeCalculation: (page) => page.html.length })
        : null;
  }

  /** A guest's page at `url`: as kept, or drawn now and kept. */
  async pageForGuest(url: string, draw: () => Promise<WebPage | undefined>): Promise<WebPage | undefined> {
    const version = this.pages && (await this.shopWindow.current().catch(() => null));
    if (!this.pages || version === null) return this.pageForShopper(draw);
    const key = `${version} ${url}`;
    const kept = this.pages.get(key) ?? this.drawing.get(key);
    if (kept) {
      this.metrics.guestPages.inc({ answer: 'from-cache' });
      return kept;
    }
    const drawing = draw()
      .then((page) => {
        if (page && 'html' in page && page.drawn) {
          this.pages!.set(key, page);
          this.metrics.guestPages.inc({ answer: 'into-cache' });
        } else this.metrics.guestPages.inc({ answer: 'uncached' });
        return page;
      })
      .finally(() => this.drawing.delete(key));
    this.drawing.set(key, drawing);
    return drawing;
  }

  /** A signed-in shopper's page, drawn for them alone. */
  pageForShopper(draw: () => Promise<WebPage | undefined>): Promise<WebPage | undefined> {
    this.metrics.guestPages.inc({ answer: 'uncached' });
    return draw();
  }
}
