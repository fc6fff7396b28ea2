import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  coverImage,
  MESSAGES,
  ORDER_CAPS,
  type CartItem as CartItemView,
  type Cart as CartView,
  type Product as ProductView,
} from '@shop/contracts';
import { Cart, CartItem, inTransaction, Product, ProductVariation, Refusal } from '@shop/db';
import { ProductsService } from '../products/products.service.js';
import type { CartLineInputDto } from './dto/cart-line-input.dto.js';

const productNotFound = () => new Refusal('PRODUCT_NOT_FOUND', MESSAGES.products.notFound);
const notInCart = () => new Refusal('NOT_IN_CART', MESSAGES.cart.notInCart);
const notOfProduct = () => new Refusal('VARIATION_NOT_OF_PRODUCT', MESSAGES.variation.notOfProduct);
const beyondStock = (totalStock: number) =>
  new Refusal('CART_QUANTITY_OVER_STOCK', MESSAGES.cart.onlyQuantityCanBeAdded(totalStock), { available: totalStock });
/** A product's lines together hold what the shop has, and no more than one order may take of a toy. */
const unitsOnOffer = (product: Pick<ProductView, 'totalStock'>) => Math.min(product.totalStock, ORDER_CAPS.unitsPerLine);

/** A cart line's `variationId` for the product without a variation (see CartItem). */
const NO_VARIATION = 0;

type StoredLine = Pick<CartItem, 'id' | 'variationId' | 'quantity'>;

/**
 * A line as the shop shows it now: the catalogue's title, picture and prices, not those of the day
 * it was added. A chosen variation shows its own picture; one taken away since shows the product's.
 */
function toCartItem(product: ProductView, { variationId, quantity }: Pick<CartItem, 'variationId' | 'quantity'>): CartItemView {
  const variation = variationId === NO_VARIATION ? undefined : product.variations.find((candidate) => candidate.id === variationId);
  return {
    productId: product.id,
    title: product.title,
    image: variation?.image ?? coverImage(product),
    price: product.price,
    salePrice: product.salePrice,
    quantity,
    totalStock: product.totalStock,
    variationId: variationId === NO_VARIATION ? null : variationId,
    variationLabel: variation?.label ?? null,
  };
}

const unitsOf = (lines: StoredLine[]) => lines.reduce((units, line) => units + line.quantity, 0);

/**
 * A shopper's cart (docs/product.md, Cart and wishlist): one line per product and variation chosen. The stock is the
 * product's, so a product's lines together never hold more than the shop has.
 */
@Injectable()
export class CartService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductsService,
  ) {}

  cartOf(userId: number): Promise<CartView> {
    return this.view(this.dataSource.manager, userId);
  }

  /** Adds `quantity` to the line of the product and variation, making the cart and the line when they do not exist yet. */
  add(userId: number, { productId, variationId, quantity }: CartLineInputDto): Promise<CartView | Refusal> {
    return inTransaction(
      this.dataSource,
      async (manager) => {
        const cartId = await this.lockOrMakeCart(manager, userId);
        const product = await this.productOnSale(manager, productId);
        if (!product) return productNotFound();
        const variation = variationId ?? NO_VARIATION;
        if (!(await this.isChoiceOf(manager, productId, variation))) return notOfProduct();
        const lines = await this.linesOfProduct(manager, cartId, productId);
        const line = lines.find((candidate) => candidate.variationId === variation);
        if (unitsOf(lines) + quantity > unitsOnOffer(product)) return beyondStock(unitsOnOffer(product));
        if (line) await manager.update(CartItem, { id: line.id }, { quantity: line.quantity + quantity });
        else await manager.insert(CartItem, { cartId, productId, variationId: variation, quantity });
        return this.view(manager, userId);
      },
      { isolation: 'READ COMMITTED' },
    );
  }

  /** Sets the quantity of a line the cart already has. */
  update(userId: number, { productId, variationId, quantity }: CartLineInputDto): Promise<CartView | Refusal> {
    return inTransaction(
      this.dataSource,
      async (manager) => {
        const cartId = await this.lockCart(manager, userId);
        const product = await this.productOnSale(manager, productId);
        if (!product) return productNotFound();
        const variation = variationId ?? NO_VARIATION;
        if (!(await this.isChoiceOf(manager, productId, variation))) return notOfProduct();
        const lines = cartId === undefined ? [] : await this.linesOfProduct(manager, cartId, productId);
        const line = lines.find((candidate) => candidate.variationId === variation);
        if (!line) return notInCart();
        if (unitsOf(lines) - line.quantity + quantity > unitsOnOffer(product)) return beyondStock(unitsOnOffer(product));
        await manager.update(CartItem, { id: line.id }, { quantity });
        return this.view(manager, userId);
      },
      { isolation: 'READ COMMITTED' },
    );
  }

  /**
   * Removes the line of one variation (0: the one without), or without `variationId` every line of
   * the product; a retired product's included (the shopper no longer sees it, but nothing forbids it).
   */
  remove(userId: number, productId: number, variationId?: number): Promise<CartView | Refusal> {
    return inTransaction(
      this.dataSource,
      async (manager) => {
        const cartId = await this.lockCart(manager, userId);
        if (cartId === undefined) return notInCart();
        const { affected } = await manager.delete(
          CartItem,
          variationId === undefined ? { cartId, productId } : { cartId, productId, variationId },
        );
        if (!affected) return notInCart();
        return this.view(manager, userId);
      },
      { isolation: 'READ COMMITTED' },
    );
  }

  /** A shopper's cart changes (and checkouts) queue on their cart row, so concurrent adds see each other's lines. */
  private async lockCart(manager: EntityManager, userId: number): Promise<number | undefined> {
    const rows = await manager.query<{ id: number }[]>('SELECT `id` FROM `carts` WHERE `userId` = ? FOR UPDATE', [userId]);
    return rows[0]?.id;
  }

  /**
   * The shopper's cart row, locked, made first if the shopper has none. An existing row is locked
   * by a plain FOR UPDATE, which only queues: concurrent INSERT … ON DUPLICATE KEY UPDATEs of one
   * key deadlock among themselves once several wait (the route fuzz's twelve concurrent adds by one
   * account outlasted three retries), so that statement is kept for the first add. Not INSERT
   * IGNORE there: on a duplicate it takes a shared lock, and concurrent first adds upgrading theirs
   * to FOR UPDATE deadlock; this form takes the exclusive lock at once.
   */
  private async lockOrMakeCart(manager: EntityManager, userId: number): Promise<number> {
    const existing = await this.lockCart(manager, userId);
    if (existing !== undefined) return existing;
    await manager.query('INSERT INTO `carts` (`userId`) VALUES (?) ON DUPLICATE KEY UPDATE `id` = `id`', [userId]);
    return (await this.lockCart(manager, userId))!;
  }

  /** Retired products are not on sale: soft-deleted rows are left out. */
  private productOnSale(manager: EntityManager, productId: number): Promise<Pick<Product, 'id' | 'totalStock'> | null> {
    return manager.findOne(Product, { where: { id: productId }, select: { id: true, totalStock: true } });
  }

  /** The product without a variation, or one of its own variations: another product's variation is no choice of this one. */
  private async isChoiceOf(manager: EntityManager, productId: number, variationId: number): Promise<boolean> {
    return variationId === NO_VARIATION || manager.existsBy(ProductVariation, { id: variationId, productId });
  }

  /** The product's lines in the cart, every variation: they share the product's stock. */
  private linesOfProduct(manager: EntityManager, cartId: number, productId: number): Promise<StoredLine[]> {
    return manager.find(CartItem, { where: { cartId, productId }, select: { id: true, variationId: true, quantity: true } });
  }

  /** Lines in the order they were added; a retired product's line drops out of sight. */
  private async view(manager: EntityManager, userId: number): Promise<CartView> {
    const cart = await manager.findOne(Cart, { where: { userId }, select: { id: true } });
    if (!cart) return { id: null, items: [] };
    const lines = await manager.find(CartItem, {
      where: { cartId: cart.id },
      select: { productId: true, variationId: true, quantity: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const products = new Map(
      (
        await this.products.findViews(
          lines.map((line) => line.productId),
          'shop',
          manager,
        )
      ).map((product) => [product.id, product]),
    );
    return {
      id: cart.id,
      items: lines.flatMap((line) => {
        const product = products.get(line.productId);
        return product ? [toCartItem(product, line)] : [];
      }),
    };
  }
}
