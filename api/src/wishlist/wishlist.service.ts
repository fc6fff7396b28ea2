import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MESSAGES, type Wishlist } from '@shop/contracts';
import { Product, Refusal, WishlistItem } from '@shop/db';
import { ProductsService } from '../products/products.service.js';

/** A shopper's wishlist (docs/product.md, Cart and wishlist): full products as the shop shows them, newest first. */
@Injectable()
export class WishlistService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductsService,
  ) {}

  /** Retired products drop out of sight; their rows stay, as orders keep theirs. */
  async wishlistOf(userId: number): Promise<Wishlist> {
    const items = await this.dataSource
      .getRepository(WishlistItem)
      .find({ where: { userId }, select: { productId: true }, order: { createdAt: 'DESC', id: 'DESC' } });
    return {
      products: await this.products.findViews(
        items.map((item) => item.productId),
        'shop',
      ),
    };
  }

  /** Adding a product already there keeps the one entry, even when two adds race (the unique key decides). */
  async add(userId: number, productId: number): Promise<Wishlist | Refusal> {
    if (!(await this.dataSource.getRepository(Product).existsBy({ id: productId })))
      return new Refusal('PRODUCT_NOT_FOUND', MESSAGES.products.notFound);
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(WishlistItem)
      .values({ userId, productId })
      .orIgnore()
      .updateEntity(false)
      .execute();
    return this.wishlistOf(userId);
  }

  /** Removing a product that is not there is no error: the heart shows the list the server holds. */
  async remove(userId: number, productId: number): Promise<Wishlist> {
    await this.dataSource.getRepository(WishlistItem).delete({ userId, productId });
    return this.wishlistOf(userId);
  }
}
