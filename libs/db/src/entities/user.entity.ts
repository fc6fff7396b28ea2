import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { USER_ROLES, type UserRole } from '@shop/contracts';
import { Timestamped } from './timestamps.js';

@Entity('users')
export class User extends Timestamped {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ length: 100 })
  userName!: string;

  /** Stored normalised (trimmed, lower-case) so the unique key means one account per address. */
  @Column({ length: 254, unique: true })
  email!: string;

  /** Null for accounts that only ever signed in with Google. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'enum', enum: USER_ROLES, default: 'user' })
  role!: UserRole;

  /** The OpenID `sub` of the linked Google account. */
  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  googleSubject!: string | null;

  /**
   * When the owner of the mailbox proved it (Google said so when the account was created by or
   * linked to it). Null for a password registration: anyone can type any address, so a Google
   * sign-in must not link to such an account.
   */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  emailVerifiedAt!: Date | null;

  /** Where SMS about orders go (2547XXXXXXXX, as kenyanMobileNumber stores it); null: the order's delivery phone. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  phone!: string | null;

  /** The account's choice of messages about its orders; mails about the account itself are always sent. */
  @Column({ default: true })
  notifyBySms!: boolean;

  @Column({ default: true })
  notifyByEmail!: boolean;

  /**
   * When the owner deleted the account: its personal data is erased and the row stays, anonymised,
   * because orders (the shop's books) point at it.
   */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  deletedAt!: Date | null;
}
