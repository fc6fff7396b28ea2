import { Column, CreateDateColumn, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { MILLISECOND_TIMESTAMP } from './timestamps.js';
import { User } from './user.entity.js';

/** Who made a recorded status change, and why: what every history row ends with. */
export abstract class StatusChange {
  /** The person who made it (an admin, or a shopper); null when the shop did (a provider's outcome, expiry). */
  @Column({ type: 'int', unsigned: true, nullable: true })
  changedByUserId!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'changedByUserId' })
  changedBy!: Relation<User> | null;

  @Column({ length: 255, default: '' })
  reason!: string;

  @CreateDateColumn(MILLISECOND_TIMESTAMP)
  createdAt!: Date;
}
