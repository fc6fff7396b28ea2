import { Column, DeleteDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { CategoryId } from '@shop/contracts';
import { ImageAsset } from './image-asset.entity.js';
import { ProductVariation } from './product-variation.entity.js';
import { Timestamped } from './timestamps.js';

/**
 * The listing filters live products by category and sorts by effective price or title: each pair has
 * its index, with `deletedAt` between them so that counting a category's live products reads the
 * index alone.
 */
@Entity('products')
@Index('products_search', ['title', 'description', 'categoryLabel'], { fulltext: true })
@Index('products_category_effective_price', ['category', 'deletedAt', 'effectivePrice'])
@Index('products_category_title', ['category', 'deletedAt', 'title'])
export class Product extends Timestamped {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ length: 200 })
  title!: string;

  @Column({ type: 'text' })
  description!: string;

  /** One of CATEGORY_IDS; checked by the service so the list lives in libs/contracts only. */
  @Column({ type: 'varchar', length: 40 })
  category!: CategoryId;

  /** The category's label, kept beside it so that search finds "Pretend Play" toys by those words. */
  @Column({ length: 60 })
  categoryLabel!: string;

  /** Whole KES. */
  @Column({ unsigned: true })
  price!: number;

  /** Whole KES; 0 means not on sale. */
  @Column({ unsigned: true, default: 0 })
  salePrice!: number;

  /**
   * What a shopper pays (the sale price when above 0, else the price), kept beside the prices so the
   * listing can filter and sort on an index. Written with the prices, from `effectivePrice()`.
   */
  @Index('products_effective_price')
  @Column({ unsigned: true })
  effectivePrice!: number;

  /** Units shoppers can still buy: those on hand less those held by orders (docs/orders.md, Stock). The ledger's sum. */
  @Column({ unsigned: true })
  totalStock!: number;

  /** Goes up whenever the units on hand change, so an admin's stock form read before is refused (MESSAGES.stock.staleForm). */
  @Column({ unsigned: true, default: 0 })
  stockVersion!: number;

  @Column({
    type: 'decimal',
    precision: 3,
    scale: 2,
    default: 0,
    transformer: { to: (value: number) => value, from: (value: string) => Number(value) },
  })
  averageReview!: number;

  @Column({ type: 'int', unsigned: true, nullable: true })
  imageId!: number | null;

  @ManyToOne(() => ImageAsset, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'imageId' })
  image!: Relation<ImageAsset> | null;

  @OneToMany(() => ProductVariation, (variation) => variation.product)
  variations!: Relation<ProductVariation[]>;

  /** Products that orders reference are soft-deleted so order history keeps its lines. */
  @DeleteDateColumn({ type: 'datetime', precision: 3, nullable: true })
  deletedAt!: Date | null;
}
