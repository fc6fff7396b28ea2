import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { ImageAsset } from './image-asset.entity.js';
import { Product } from './product.entity.js';

/** The label is trimmed by the service and compared by the case-insensitive collation, so the key is case-insensitive. */
@Entity('product_variations')
@Unique('product_variations_label', ['productId', 'label'])
export class ProductVariation {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ unsigned: true })
  productId!: number;

  @ManyToOne(() => Product, (product) => product.variations, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'productId' })
  product!: Relation<Product>;

  @Column({ length: 100 })
  label!: string;

  @Column({ unsigned: true })
  imageId!: number;

  @ManyToOne(() => ImageAsset, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'imageId' })
  image!: Relation<ImageAsset>;

  @Column({ type: 'smallint', unsigned: true, default: 0 })
  position!: number;
}
