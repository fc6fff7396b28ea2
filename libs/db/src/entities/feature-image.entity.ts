import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { ImageAsset } from './image-asset.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamps.js';

@Entity('feature_images')
export class FeatureImage {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ unsigned: true })
  imageId!: number;

  @ManyToOne(() => ImageAsset, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'imageId' })
  image!: Relation<ImageAsset>;

  @Column({ type: 'smallint', unsigned: true, default: 0 })
  position!: number;

  @CreateDateColumn(MILLISECOND_TIMESTAMP)
  createdAt!: Date;
}
