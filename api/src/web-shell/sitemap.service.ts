import { Inject, Injectable } from '@nestjs/common';
import escapeHtml from 'escape-html';
import type { AppConfig } from '@shop/config';
import { CATEGORY_IDS, ROUTES } from '@shop/contracts';
import { APP_CONFIG, ShopWindowVersion } from '@shop/infrastructure';
import { CatalogueService } from '../catalogue/catalogue.service.js';

/** A page for search engines to read, at its absolute address, with when it last changed where that is known. */
export interface SitemapPage {
  url: string;
  lastModified?: Date;
}

/**
 * The sitemap protocol's document (sitemaps.org). It holds at most 50,000 addresses: a catalogue
 * that outgrew that would need a sitemap index naming several of these.
 */
export function sitemapXml(pages: SitemapPage[]): string {
  // escape-html writes XML's own five entities: an address's `&` is `&amp;`.
  const entries = pages.map(
    ({ url, lastModified }) =>
      `<url><loc>${escapeHtml(url)}</loc>${lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * `/sitemap.xml`: the home, the listing of every toy and of each category, and every toy the shop
 * shows, built from the database when asked. It is kept while the shop window's change count
 * (ShopWindowVersion) is the one it was built at, so it is fresh after any change of a toy, made in
 * whichever process, at the cost of one Redis read per ask rather than every toy's row.
 */
@Injectable()
export class SitemapService {
  private built?: { version: string; xml: string };
  private readonly publicUrl: string;

  constructor(
    private readonly catalogue: CatalogueService,
    private readonly shopWindow: ShopWindowVersion,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.publicUrl = config.PUBLIC_URL;
  }

  async xml(): Promise<string> {
    // Read before the toys: a change between the two leaves an older version beside newer toys, and the next ask builds again.
    const version = await this.shopWindow.current();
    if (this.built?.version !== version) this.built = { version, xml: sitemapXml(await this.pages()) };
    return this.built.xml;
  }

  private async pages(): Promise<SitemapPage[]> {
    const page = (path: string, lastModified?: Date): SitemapPage => ({ url: new URL(path, this.publicUrl).href, lastModified });
    return [
      page(ROUTES.shopHome),
      page(ROUTES.shopListing),
      ...CATEGORY_IDS.map((category) => page(ROUTES.shopCategoryListing([category]))),
      ...(await this.catalogue.liveProductStamps()).map((product) => page(ROUTES.shopProduct(product.id), product.updatedAt)),
    ];
  }
}
