import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, type SelectQueryBuilder } from 'typeorm';
import { LIMITS, MESSAGES, PRICE_BANDS, type Product as ProductView, type ProductPage, type SortOption } from '@shop/contracts';
import { Product } from '@shop/db';
import { BusinessFailure } from '../common/business-failure.js';
import { ProductsService } from '../products/products.service.js';
import type { ListingQueryDto } from './dto/listing.query.js';
import type { PageQueryDto } from './dto/page.query.js';

/** Ties break on the id so that pages never overlap or skip a product. */
const ORDER_BY: Record<SortOption, { column: string; direction: 'ASC' | 'DESC' }> = {
  'price-lowtohigh': { column: 'product.effectivePrice', direction: 'ASC' },
  'price-hightolow': { column: 'product.effectivePrice', direction: 'DESC' },
  'title-atoz': { column: 'product.title', direction: 'ASC' },
  'title-ztoa': { column: 'product.title', direction: 'DESC' },
};

/** InnoDB's FULLTEXT parser indexes no word shorter than this (innodb_ft_min_token_size). */
const SHORTEST_INDEXED_WORD = 3;

/**
 * Every word of the keyword must start a word of the product (`+word*`), so "wood trai" finds the
 * wooden train. Boolean-mode operators typed by a shopper are no part of a word and fall away, and
 * so do words the index never holds (stopwords, short words): requiring one would match nothing.
 */
export function fulltextQueryOf(keyword: string, stopwords: ReadonlySet<string>): string {
  const words = keyword.toLocaleLowerCase('en').match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => word.length >= SHORTEST_INDEXED_WORD && !stopwords.has(word)).map((word) => `+${word}*`).join(' ');
}

/** The shop's side of the catalogue: the listing with filters, sort and pages, one product, and search. */
@Injectable()
export class CatalogueService {
  private stopwords?: Promise<ReadonlySet<string>>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductsService,
  ) {}

  async listing(query: ListingQueryDto): Promise<ProductPage> {
    const matching = this.dataSource.getRepository(Product).createQueryBuilder('product');
    if (query.category?.length) matching.andWhere('product.category IN (:...categories)', { categories: query.category });
    if (query.priceBand?.length) {
      const bands = PRICE_BANDS.filter((band) => query.priceBand!.includes(band.id));
      matching.andWhere(
        new Brackets((anyBand) => {
          for (const [index, band] of bands.entries()) {
            const range = { [`band${index}Min`]: band.min, [`band${index}Max`]: band.max ?? Number.MAX_SAFE_INTEGER };
            anyBand.orWhere(`product.effectivePrice BETWEEN :band${index}Min AND :band${index}Max`, range);
          }
        }),
      );
    }
    if (query.availability?.includes('in-stock')) matching.andWhere('product.totalStock > 0');
    if (query.availability?.includes('on-sale')) matching.andWhere('product.salePrice > 0');
    const order = ORDER_BY[query.sortBy];
    matching.orderBy(order.column, order.direction).addOrderBy('product.id', order.direction);
    return this.page(matching, query);
  }

  async product(id: number): Promise<ProductView | BusinessFailure> {
    const [product] = await this.products.findViews([id], 'shop');
    return product ?? new BusinessFailure(HttpStatus.NOT_FOUND, MESSAGES.products.notFound);
  }

  /** Ranked by MySQL FULLTEXT relevance over title, description and category label. */
  async search(keyword: string, query: PageQueryDto): Promise<ProductPage | BusinessFailure> {
    if (keyword.trim().length <= LIMITS.searchKeywordMinExclusiveLength) return new BusinessFailure(HttpStatus.BAD_REQUEST, MESSAGES.search.keywordTooShort);
    const fulltextQuery = fulltextQueryOf(keyword.slice(0, LIMITS.searchKeywordMaxLength), await this.fulltextStopwords());
    if (fulltextQuery === '') return { success: true, data: [], pagination: { total: 0, page: query.page, pageSize: query.pageSize } };
    const relevance = 'MATCH(product.title, product.description, product.categoryLabel) AGAINST (:fulltextQuery IN BOOLEAN MODE)';
    const matching = this.dataSource
      .getRepository(Product)
      .createQueryBuilder('product')
      .where(relevance, { fulltextQuery })
      .orderBy(relevance, 'DESC')
      .addOrderBy('product.id', 'DESC');
    return this.page(matching, query);
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
  private async page(matching: SelectQueryBuilder<Product>, { page, pageSize }: PageQueryDto): Promise<ProductPage> {
    const [total, rows] = await Promise.all([
      matching.clone().orderBy().getCount(),
      matching.clone().select('product.id', 'id').offset((page - 1) * pageSize).limit(pageSize).getRawMany<{ id: number }>(),
    ]);
    const data = await this.products.findViews(rows.map((row) => row.id), 'shop');
    return { success: true, data, pagination: { total, page, pageSize } };
  }
}
