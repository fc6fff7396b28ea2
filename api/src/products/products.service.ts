import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { categoryLabel, effectivePrice, MESSAGES, type AdminProduct, type Product as ProductView } from '@shop/contracts';
import {
  countUnitsOnHand,
  inTransaction,
  isDuplicateKey,
  markShopWindowChanged,
  Product,
  ProductVariation,
  recordOpeningStock,
  Refusal,
  stockCountsOf,
} from '@shop/db';
import { ImagesService } from '../images/images.service.js';
import type { ProductInputDto } from './dto/product-input.dto.js';
import { toProductView, type ProductRow, type VariationRow } from './product-view.js';

const productNotFound = () => new Refusal('PRODUCT_NOT_FOUND', MESSAGES.products.invalidId);

/** The sheet, checked: the product's own columns (stock aside) and its variations' labels and images, in order. */
interface CheckedSheet {
  columns: Pick<Product, 'title' | 'description' | 'category' | 'categoryLabel' | 'price' | 'salePrice' | 'effectivePrice' | 'imageId'>;
  variations: { label: string; imageId: number }[];
}

/** The admin's side of the catalogue: products with their images and variations, added, changed and retired. */
@Injectable()
export class ProductsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: ImagesService,
  ) {}

  /**
   * Products by id with image and variations, in the order of `ids`; retired ones are left out.
   * Two plain queries read exactly the columns an answer shows: the listing's hot path, where
   * building entities cost more than the queries themselves (docs/benchmarks.md).
   */
  async findViews(ids: number[], audience: 'admin' | 'shop', manager: EntityManager = this.dataSource.manager): Promise<ProductView[]> {
    if (ids.length === 0) return [];
    const imageColumns =
      'image.url AS imageUrl, image.status AS imageStatus, image.derivatives AS imageDerivatives, image.failureReason AS imageFailureReason';
    const [products, variations] = await Promise.all([
      manager.query<ProductRow[]>(
        `SELECT product.id, product.title, product.description, product.category, product.price, product.salePrice, product.totalStock, product.averageReview, ${imageColumns}
         FROM products product LEFT JOIN product_images image ON image.id = product.imageId
         WHERE product.id IN (?) AND product.deletedAt IS NULL`,
        [ids],
      ),
      manager.query<VariationRow[]>(
        `SELECT variation.id, variation.productId, variation.label, ${imageColumns}
         FROM product_variations variation JOIN product_images image ON image.id = variation.imageId
         WHERE variation.productId IN (?) ORDER BY variation.position, variation.id`,
        [ids],
      ),
    ]);
    const byId = new Map(products.map((product) => [product.id, product]));
    return ids.flatMap((id) => {
      const product = byId.get(id);
      return product
        ? [
            toProductView(
              product,
              variations.filter((variation) => variation.productId === id),
              audience,
            ),
          ]
        : [];
    });
  }

  async list(): Promise<AdminProduct[]> {
    const products = await this.dataSource.getRepository(Product).find({ select: { id: true }, order: { id: 'DESC' } });
    return this.adminViews(products.map((product) => product.id));
  }

  /**
   * The opening units arrive with the product: its row is born with them and the ledger's first row
   * says so, in one transaction. A refusal after the row was written (a duplicate label) rolls both
   * back. Admins adding products at once deadlock on the variations' index; the victim runs again.
   */
  add(input: ProductInputDto, byUserId: number): Promise<AdminProduct | Refusal> {
    return inTransaction(
      this.dataSource,
      async (manager) => {
        const sheet = await this.checkSheet(manager, input);
        if (sheet instanceof Refusal) return sheet;
        const { identifiers } = await manager.insert(Product, { ...sheet.columns, averageReview: 0, totalStock: input.totalStock });
        const id = (identifiers[0] as { id: number }).id;
        await recordOpeningStock(manager, id, input.totalStock, byUserId);
        await markShopWindowChanged(manager);
        return this.writeVariations(manager, id, sheet);
      },
      { isolation: 'READ COMMITTED' },
    );
  }

  /**
   * The sheet's stock is the units on hand the admin counted, taken only at the stockVersion the
   * form was read at: an order placed or shipped since is never overwritten. The count and the rest
   * of the sheet are written together or not at all.
   */
  edit(id: number, input: ProductInputDto, byUserId: number): Promise<AdminProduct | Refusal> {
    return inTransaction(
      this.dataSource,
      async (manager) => {
        // The product's row first, as every stock change locks it: countUnitsOnHand finds it held already.
        const product = await manager.findOne(Product, { select: { id: true }, where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!product) return productNotFound();
        if (input.stockVersion === undefined || input.stockVersion === null)
          return new Refusal('STOCK_FORM_STALE', MESSAGES.stock.staleForm);
        const counted = await countUnitsOnHand(
          manager,
          id,
          { unitsOnHand: input.totalStock, stockVersion: input.stockVersion },
          { actor: 'admin', byUserId },
        );
        if (counted instanceof Refusal) return counted;
        const sheet = await this.checkSheet(manager, input);
        if (sheet instanceof Refusal) return sheet;
        await manager.update(Product, { id }, sheet.columns);
        await markShopWindowChanged(manager);
        return this.writeVariations(manager, id, sheet);
      },
      { isolation: 'READ COMMITTED' },
    );
  }

  /** Products as the admin manages them, in the order of `ids`: the catalogue's view and the stock form's figures. */
  async adminViews(ids: number[], manager: EntityManager = this.dataSource.manager): Promise<AdminProduct[]> {
    const [views, counts] = await Promise.all([this.findViews(ids, 'admin', manager), stockCountsOf(manager, ids)]);
    return views.map((view) => {
      const { available, unitsOnHand, unitsHeld, stockVersion } = counts.get(view.id)!;
      return { ...view, totalStock: available, unitsOnHand, unitsHeld, stockVersion };
    });
  }

  /**
   * Retires a product: it leaves the shop and the admin's list, while orders that name it keep
   * their lines (soft delete, see docs/adr/0006-product-deletion-is-soft.md).
   */
  async remove(id: number): Promise<{ id: number } | Refusal> {
    const result = await this.dataSource.getRepository(Product).softDelete({ id });
    if (!result.affected) return productNotFound();
    await markShopWindowChanged(this.dataSource.manager);
    return { id };
  }

  /**
   * Checks the rules no single field can check, and answers the product's columns the sheet sets:
   * never its stock, which changes only with a ledger row.
   */
  private async checkSheet(manager: EntityManager, input: ProductInputDto): Promise<CheckedSheet | Refusal> {
    const salePrice = input.salePrice ?? 0;
    if (salePrice > 0 && salePrice >= input.price)
      return new Refusal('SALE_PRICE_NOT_BELOW_PRICE', MESSAGES.products.salePriceNotBelowPrice);
    const variations = input.variations ?? [];
    const mainImage = input.image ? input.image : null;
    if (!mainImage && variations.length === 0) return new Refusal('PRODUCT_IMAGE_REQUIRED', MESSAGES.products.requirements.image);
    const labels = variations.map((variation) => variation.label.toLocaleLowerCase('en'));
    if (new Set(labels).size !== labels.length) return new Refusal('VARIATION_LABEL_TAKEN', MESSAGES.variation.labelDuplicate);

    const images = await this.images.findUsable(manager, [
      ...(mainImage ? [mainImage] : []),
      ...variations.map((variation) => variation.image),
    ]);
    if (images instanceof Refusal) return images;

    const prices = { price: input.price, salePrice };
    return {
      columns: {
        title: input.title,
        description: input.description ?? '',
        category: input.category,
        categoryLabel: categoryLabel(input.category),
        ...prices,
        effectivePrice: effectivePrice(prices),
        imageId: mainImage ? images.get(mainImage)!.id : null,
      },
      variations: variations.map((variation) => ({ label: variation.label, imageId: images.get(variation.image)!.id })),
    };
  }

  /** Replaces the product's variations with the sheet's, then answers the product as the admin now sees it. */
  /**
   * Keeps a variation's row (and so its id, which cart lines and order items name) while its label
   * stays: only its picture and place change. Labels gone are removed, new ones added.
   */
  private async writeVariations(manager: EntityManager, productId: number, sheet: CheckedSheet): Promise<AdminProduct | Refusal> {
    const key = (label: string) => label.toLocaleLowerCase('en');
    const existing = new Map(
      (await manager.find(ProductVariation, { where: { productId } })).map((variation) => [key(variation.label), variation]),
    );
    const kept = new Set(sheet.variations.map((variation) => key(variation.label)));
    const gone = [...existing.values()].filter((variation) => !kept.has(key(variation.label)));
    if (gone.length > 0) await manager.delete(ProductVariation, { id: In(gone.map((variation) => variation.id)) });
    try {
      for (const [position, variation] of sheet.variations.entries()) {
        const same = existing.get(key(variation.label));
        if (same) await manager.update(ProductVariation, { id: same.id }, { ...variation, position });
        else await manager.insert(ProductVariation, { productId, ...variation, position });
      }
    } catch (error) {
      // The label index compares as utf8mb4_unicode_ci does: "Red" and "Réd" are one label there, though not to toLocaleLowerCase.
      if (isDuplicateKey(error)) return new Refusal('VARIATION_LABEL_TAKEN', MESSAGES.variation.labelDuplicate);
      throw error;
    }
    return (await this.adminViews([productId], manager))[0]!;
  }
}
