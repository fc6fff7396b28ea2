import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  AVAILABILITY_OPTIONS,
  LIMITS,
  MESSAGES,
  PRICE_BANDS,
  type AvailabilityId,
  type ProductPage,
  type Product as ProductView,
  type SortOption,
} from '@shop/contracts';
import { Refusal } from '@shop/db';
import { ProductsService } from '../products/products.service.js';
import type { ListingQueryDto } from './dto/listing.query.js';
import type { PageQueryDto } from './dto/page.query.js';

/** Ties break on the id so that pages never overlap or skip a product. */
const ORDER_BY: Record<SortOption, string> = {
  'price-lowtohigh': 'product.effectivePrice ASC, product.id ASC',
  'price-hightolow': 'product.effectivePrice DESC, product.id DESC',
  'title-atoz': 'product.title ASC, product.id ASC',
  'title-ztoa': 'product.title DESC, product.id DESC',
};

const AVAILABILITY_CONDITIONS: Record<AvailabilityId, string> = {
  'in-stock': 'product.totalStock > 0',
  'on-sale': 'product.salePrice > 0',
};

const RELEVANCE = 'MATCH(product.title, product.description, product.categoryLabel) AGAINST (? IN BOOLEAN MODE)';

/**
 * Which live products a listing or a search matches, and in what order, as SQL with `?` parameters.
 * The shop's hottest reads are written out once: building them per request with TypeORM's query
 * builder cost an eighth of the api's CPU per listing (docs/benchmarks.md).
 */
interface ProductQuery {
  conditions: string[];
  parameters: unknown[];
  orderBy: string;
  orderParameters: unknown[];
}

/** The products the shop shows, those not retired (soft-deleted, ADR 0006), narrowed by `conditions`. */
function liveProducts(conditions: string[] = []): string {
  return `FROM products product WHERE ${['product.deletedAt IS NULL', ...conditions].join(' AND ')}`;
}

/** A live product's id and when its row last changed, for the sitemap. */
export interface ProductStamp {
  id: number;
  updatedAt: Date;
}

/** InnoDB's FULLTEXT parser indexes no word shorter than this (innodb_ft_min_token_size). */
const SHORTEST_INDEXED_WORD = 3;

/**
 * Every word of the keyword must start a word of the product (`+word*`), so "wood trai" finds the
 * wooden train. Boolean-mode operators typed by a shopper are no part of a word and fall away, and
 * so do words the index never holds (stopwords, short words): requiring one would match nothing.
 */
export function fulltextQueryOf(keyword: string, stopwords: ReadonlySet<string>): string {
  const words = keyword.toLocaleLowerCase('en').match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .filter((word) => word.length >= SHORTEST_INDEXED_WORD && !stopwords.has(word))
    .map((word) => `+${word}*`)
    .join(' ');
}

/** The shop's side of the catalogue: the listing with filters, sort and pages, one product, search, and what the sitemap names. */
@Injectable()
export class CatalogueService {
  private stopwords?: Promise<ReadonlySet<string>>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductsService,
  ) {}

  async listing(query: ListingQueryDto): Promise<ProductPage> {
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    if (query.category?.length) {
      conditions.push('product.category IN (?)');
      parameters.push(query.category);
    }
    const bands = PRICE_BANDS.filter((band) => query.priceBand?.includes(band.id));
    if (bands.length > 0) {
      conditions.push(`(${bands.map(() => 'product.effectivePrice BETWEEN ? AND ?').join(' OR ')})`);
      parameters.push(...bands.flatMap((band) => [band.min, band.max ?? Number.MAX_SAFE_INTEGER]));
    }
    // Values of one group widen the result, as categories and price bands do: in stock OR on sale.
    const availability = AVAILABILITY_OPTIONS.filter((option) => query.availability?.includes(option.id));
    if (availability.length > 0) conditions.push(`(${availability.map((option) => AVAILABILITY_CONDITIONS[option.id]).join(' OR ')})`);
    return this.page({ conditions, parameters, orderBy: ORDER_BY[query.sortBy], orderParameters: [] }, query);
  }

  async product(id: number): Promise<ProductView | Refusal> {
    const [product] = await this.products.findViews([id], 'shop');
    return product ?? new Refusal('PRODUCT_NOT_FOUND', MESSAGES.products.notFound);
  }

  /** Ranked by MySQL FULLTEXT relevance over title, description and category label. */
  async search(keyword: string, query: PageQueryDto): Promise<ProductPage | Refusal> {
    if (keyword.trim().length <= LIMITS.searchKeywordMinExclusiveLength)
      return new Refusal('SEARCH_KEYWORD_TOO_SHORT', MESSAGES.search.keywordTooShort);
    const fulltextQuery = fulltextQueryOf(keyword.slice(0, LIMITS.searchKeywordMaxLength), await this.fulltextStopwords());
    if (fulltextQuery === '') return { success: true, data: [], pagination: { total: 0, page: query.page, pageSize: query.pageSize } };
    return this.page(
      {
        conditions: [RELEVANCE],
        parameters: [fulltextQuery],
        orderBy: `${RELEVANCE} DESC, product.id DESC`,
        orderParameters: [fulltextQuery],
      },
      query,
    );
  }

  /** Every product the shop shows, two columns each: cheap for thousands. */
  liveProductStamps(): Promise<ProductStamp[]> {
    return this.dataSource.query<ProductStamp[]>(`SELECT product.id, product.updatedAt ${liveProducts()} ORDER BY product.id`);
  }

  /** The server's own stopword list, read once: MySQL and MariaDB ship the same default list. */
  private fulltextStopwords(): Promise<ReadonlySet<string>> {
    this.stopwords ??= this.dataSource
      .query('SELECT `value` FROM `INFORMATION_SCHEMA`.`INNODB_FT_DEFAULT_STOPWORD`')
      .then((rows: { value: string }[]) => new Set(rows.map((row) => row.value)))
      .catch((error: unknown) => {
        // A failed read is not remembered: the next search asks again.
        this.stopwords = undefined;
        throw error;
      });
    return this.stopwords;
  }

  /** One page of ids in the query's order and the total, then the products themselves. */
  private async page(
    { conditions, parameters, orderBy, orderParameters }: ProductQuery,
    { page, pageSize }: PageQueryDto,
  ): Promise<ProductPage> {
    const matching = liveProducts(conditions);
    const [[count], rows] = await Promise.all([
      this.dataSource.query<{ total: string | number }[]>(`SELECT COUNT(1) AS total ${matching}`, parameters),
      this.dataSource.query<{ id: number }[]>(`SELECT product.id ${matching} ORDER BY ${orderBy} LIMIT ? OFFSET ?`, [
        ...parameters,
        ...orderParameters,
        pageSize,
        (page - 1) * pageSize,
      ]),
    ]);
    const data = await this.products.findViews(
      rows.map((row) => row.id),
      'shop',
    );
    return { success: true, data, pagination: { total: Number(count!.total), page, pageSize } };
  }
}
