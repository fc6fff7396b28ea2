import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { ACCOUNT_MESSAGE_KINDS, type AccountMessageKind } from '@shop/contracts';
import { MILLISECOND_TIMESTAMP } from './timestamps.js';
import { User } from './user.entity.js';

/** A link's secret e-mailed to an account's owner: verify the address, or set a new password. */
@Entity('account_tokens')
@Index('account_tokens_user_purpose', ['userId', 'purpose'])
export class AccountToken {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ unsigned: true })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'account_tokens_user_fk' })
  user!: Relation<User>;

  @Column({ type: 'enum', enum: Object.values(ACCOUNT_MESSAGE_KINDS) })
  purpose!: AccountMessageKind;

  /** SHA-256 of the token: a database leak hands out no working link. */
  @Index('account_tokens_hash', { unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash!: string;

  /** Retention deletes links expired over a day ago, oldest first. */
  @Index('account_tokens_expiry')
  @Column({ type: 'datetime', precision: 3 })
  expiresAt!: Date;

  /** Set when the link is used, or when a newer link or a password change makes it void: a token works once. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn(MILLISECOND_TIMESTAMP)
  createdAt!: Date;
}
