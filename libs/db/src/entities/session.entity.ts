import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { MILLISECOND_TIMESTAMP } from './timestamps.js';
import { User } from './user.entity.js';

@Entity('sessions')
export class Session {
  /** SHA-256 of the session token: a database leak does not hand out live sessions. */
  @PrimaryColumn({ type: 'char', length: 64 })
  tokenHash!: string;

  @Index()
  @Column({ unsigned: true })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user!: Relation<User>;

  @Index()
  @Column({ type: 'datetime', precision: 3 })
  expiresAt!: Date;

  @CreateDateColumn(MILLISECOND_TIMESTAMP)
  createdAt!: Date;
}
