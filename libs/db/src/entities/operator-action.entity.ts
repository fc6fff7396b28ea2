import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { LIMITS, OPERATOR_ACTIONS, type OperatorActionName } from '@shop/contracts';
import { MILLISECOND_TIMESTAMP } from './timestamps.js';

/**
 * The operator audit: each retry or removal of failed jobs an admin made from the queue console,
 * with who made it and when (docs/security.md, Operator surface).
 */
@Entity('operator_actions')
export class OperatorAction {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  /** No foreign key: the audit outlives the account, and keeps the e-mail the admin had that day. */
  @Index('operator_actions_admin')
  @Column({ unsigned: true })
  adminUserId!: number;

  @Column({ length: LIMITS.emailMaxLength })
  adminEmail!: string;

  @Column({ type: 'enum', enum: OPERATOR_ACTIONS })
  action!: OperatorActionName;

  /** Not an enum: a queue added later needs no migration here. */
  @Column({ length: 50 })
  queue!: string;

  /** The BullMQ ids the action changed: one for a retry or a removal, every one Retry all moved. */
  @Column({ type: 'json' })
  jobIds!: string[];

  @Index('operator_actions_created')
  @CreateDateColumn(MILLISECOND_TIMESTAMP)
  createdAt!: Date;
}
