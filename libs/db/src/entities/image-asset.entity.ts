import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Timestamped } from './timestamps.js';

export const IMAGE_STATUSES = ['pending', 'ready', 'failed'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];

export interface ImageDerivative {
  size: 'thumbnail' | 'card' | 'detail';
  format: 'webp' | 'jpeg';
  width: number;
  height: number;
  url: string;
}

/** An uploaded original and the derivatives the image worker made of it. */
@Entity('product_images')
export class ImageAsset extends Timestamped {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  /** Content-hashed name under the storage root: the same bytes are stored once. */
  @Column({ length: 191, unique: true })
  storageKey!: string;

  @Column({ length: 500 })
  url!: string;

  @Column({ length: 50 })
  contentType!: string;

  @Column({ unsigned: true })
  bytes!: number;

  @Column({ type: 'enum', enum: IMAGE_STATUSES, default: 'pending' })
  status!: ImageStatus;

  @Column({ type: 'json' })
  derivatives!: ImageDerivative[];

  @Column({ type: 'varchar', length: 500, nullable: true })
  failureReason!: string | null;
}
