import { CreateDateColumn, UpdateDateColumn, type ColumnOptions } from 'typeorm';

/** Millisecond timestamps, so event ordering and latency figures survive the round trip. */
export const MILLISECOND_TIMESTAMP: ColumnOptions = { type: 'datetime', precision: 3, default: () => 'CURRENT_TIMESTAMP(3)' };

export abstract class Timestamped {
  @CreateDateColumn(MILLISECOND_TIMESTAMP)
  createdAt!: Date;

  @UpdateDateColumn({ ...MILLISECOND_TIMESTAMP, onUpdate: 'CURRENT_TIMESTAMP(3)' })
  updatedAt!: Date;
}
