import { Injectable } from '@nestjs/common';
import { CATALOGUE_API, SHOP_INFO_API, type ServerReadAnswer } from '@shop/contracts';
import { CatalogueService } from '../catalogue/catalogue.service.js';
import { ListingQueryDto } from '../catalogue/dto/listing.query.js';
import { PageQueryDto } from '../catalogue/dto/page.query.js';
import { refusalOf } from '../common/api-exception.filter.js';
import { bareRefusal, orRefuse, RefusalException } from '../common/refusals.js';
import { createValidationPipe } from '../common/validation.pipe.js';
import { FeatureImagesService } from '../feature-images/feature-images.service.js';
import { ProductIdPipe } from '../products/product-id.pipe.js';
import { ShopInfoService } from '../shop-info/shop-info.service.js';

type Read = (segment: string | undefined, query: Record<string, string>) => Promise<unknown>;

/** `/api/shop/products/get/:id` → its segments, `:id` standing for any one segment. */
function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * The api's public reads that a server render of a shopper page makes (web/src/app/router.tsx, its
 * loaders), answered in this process as their routes answer a guest over HTTP: the same services,
 * the same validation, the same bodies and refusals, without a request through the network and the
 * abuse limits that would count the render as one very busy visitor.
 */
@Injectable()
export class ServerReads {
  private readonly validation = createValidationPipe();
  private readonly routes: [segments: string[], read: Read][];

  constructor(catalogue: CatalogueService, featureImages: FeatureImagesService, shopInfo: ShopInfoService) {
    const query = <T>(metatype: new () => T, values: Record<string, string>) =>
      this.validation.transform(values, { type: 'query', metatype }) as Promise<T>;
    this.routes = [
      [segmentsOf(CATALOGUE_API.shopProducts), async (_, values) => catalogue.listing(await query(ListingQueryDto, values))],
      [
        segmentsOf(CATALOGUE_API.shopProduct(':id')),
        async (id) => ({ success: true, data: orRefuse(await catalogue.product(ProductIdPipe.transform(id, { type: 'param' }))) }),
      ],
      [
        segmentsOf(CATALOGUE_API.search(':keyword')).map(decodeURIComponent),
        async (keyword, values) => orRefuse(await catalogue.search(keyword ?? '', await query(PageQueryDto, values))),
      ],
      [segmentsOf(CATALOGUE_API.featureImages), async () => ({ success: true, data: await featureImages.list('shop') })],
      [segmentsOf(SHOP_INFO_API.get), async () => ({ success: true, data: shopInfo.contact() })],
    ];
  }

  /**
   * Reads for one page, each path asked once: the page's head (its title and preview) and its render
   * read the same toy or the same carousel, from the database once.
   */
  forOnePage(): (path: string) => Promise<ServerReadAnswer> {
    const asked = new Map<string, Promise<ServerReadAnswer>>();
    return (path) => {
      const answer = asked.get(path) ?? this.read(path);
      asked.set(path, answer);
      return answer;
    };
  }

  /** The body the api's route of `path` answers a guest, or its refusal (an unknown path is a 404, as over HTTP). */
  async read(path: string): Promise<ServerReadAnswer> {
    try {
      const url = new URL(path, 'http://api.invalid');
      const asked = segmentsOf(url.pathname);
      for (const [segments, read] of this.routes) {
        if (segments.length !== asked.length) continue;
        const parameter = segments.findIndex((segment) => segment.startsWith(':'));
        if (segments.every((segment, index) => index === parameter || segment === asked[index]))
          return {
            body: await read(parameter === -1 ? undefined : decodeURIComponent(asked[parameter]), Object.fromEntries(url.searchParams)),
          };
      }
      throw new RefusalException(bareRefusal(404));
    } catch (exception) {
      const { code, message } = refusalOf(exception);
      return { failure: { code, message } };
    }
  }
}
