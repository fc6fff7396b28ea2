import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES, categoryLabel, effectivePrice, type Product as ProductView } from '@shop/contracts';
import { Product, ProductVariation, inTransaction, isDuplicateKey } from '@shop/db';
import { BusinessFailure } from '../common/business-failure.js';
import { ImagesService } from '../images/images.service.js';
import type { ProductInputDto } from './dto/product-input.dto.js';
import { toProductView, type ProductRow, type VariationRow } from './product-view.js';

const productNotFound = () => new BusinessFailure(HttpStatus.NOT_FOUND, MESSAGES.products.invalidId);

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
    const imageColumns = 'image.url AS imageUrl, image.status AS imageStatus, image.derivatives AS imageDerivatives, image.failureReason AS imageFailureReason';
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
      return product ? [toProductView(product, variations.filter((variation) => variation.productId === id), audience)] : [];
    });
  }

  async list(): Promise<ProductView[]> {
    const products = await this.dataSource.getRepository(Product).find({ select: { id: true }, order: { id: 'DESC' } });
    return this.findViews(products.map((product) => product.id), 'admin');
  }

  /**
   * Refusable: a refusal after the product row was written (a duplicate label) rolls it back. Admins
   * adding products at once deadlock on the variations' index; the victim runs again.
   */
  add(input: ProductInputDto): Promise<ProductView | BusinessFailure> {
    return inTransaction(this.dataSource, async (manager) => {
      const product = manager.create(Product, { averageReview: 0 });
      const saved = await this.write(manager, product, input);
      return saved instanceof BusinessFailure ? saved : (await this.findViews([saved.id], 'admin', manager))[0]!;
    }, { isolation: 'READ COMMITTED' });
  }

  edit(id: number, input: ProductInputDto): Promise<ProductView | BusinessFailure> {
    return inTransaction(this.dataSource, async (manager) => {
      const product = await manager.findOne(Product, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!product) return productNotFound();
      const saved = await this.write(manager, product, input);
      return saved instanceof BusinessFailure ? saved : (await this.findViews([saved.id], 'admin', manager))[0]!;
    }, { isolation: 'READ COMMITTED' });
  }

  /**
   * Retires a product: it leaves the shop and the admin's list, while orders that name it keep
   * their lines (soft delete, see docs/decisions.md).
   */
  async remove(id: number): Promise<{ id: number } | BusinessFailure> {
    const result = await this.dataSource.getRepository(Product).softDelete({ id });
    return result.affected ? { id } : productNotFound();
  }

  /** Checks the rules no single field can check, then writes the product and replaces its variations. */
  private async write(manager: EntityManager, product: Product, input: ProductInputDto): Promise<Product | BusinessFailure> {
    const salePrice = input.salePrice ?? 0;
    if (salePrice > 0 && salePrice >= input.price) return new BusinessFailure(HttpStatus.BAD_REQUEST, MESSAGES.products.salePriceNotBelowPrice);
    const variations = input.variations ?? [];
    const mainImage = input.image ? input.image : null;
    if (!mainImage && variations.length === 0) return new BusinessFailure(HttpStatus.BAD_REQUEST, MESSAGES.products.requirements.image);
    const labels = variations.map((variation) => variation.label.toLocaleLowerCase('en'));
    if (new Set(labels).size !== labels.length) return new BusinessFailure(HttpStatus.BAD_REQUEST, MESSAGES.variation.labelDuplicate);

    const images = await this.images.findUsable(manager, [...(mainImage ? [mainImage] : []), ...variations.map((variation) => variation.image)]);
    if (images instanceof BusinessFailure) return images;

    const prices = { price: input.price, salePrice };
    manager.merge(Product, product, {
      title: input.title,
      description: input.description ?? '',
      category: input.category,
      categoryLabel: categoryLabel(input.category),
      ...prices,
      effectivePrice: effectivePrice(prices),
      totalStock: input.totalStock,
      imageId: mainImage ? images.get(mainImage)!.id : null,
    });
    const saved = await manager.save(Product, product);
    await manager.delete(ProductVariation, { productId: saved.id });
    if (variations.length > 0) {
      try {
        await manager.insert(
          ProductVariation,
          variations.map((variation, position) => ({ productId: saved.id, label: variation.label, imageId: images.get(variation.image)!.id, position })),
        );
      } catch (error) {
        // The label index compares as utf8mb4_unicode_ci does: "Red" and "Réd" are one label there, though not to toLocaleLowerCase.
        if (isDuplicateKey(error)) return new BusinessFailure(HttpStatus.BAD_REQUEST, MESSAGES.variation.labelDuplicate);
        throw error;
      }
    }
    return saved;
  }
}
