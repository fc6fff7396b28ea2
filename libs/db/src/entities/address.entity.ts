import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Timestamped } from './timestamps.js';
import { User } from './user.entity.js';

@Entity('addresses')
export class Address extends Timestamped {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Index()
  @Column({ unsigned: true })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user!: Relation<User>;

  @Column({ length: 60 })
  county!: string;

  @Column({ length: 60 })
  subCounty!: string;

  @Column({ length: 100 })
  location!: string;

  @Column({ length: 255 })
  specificAddress!: string;

  /** Kenyan mobile number in 2547XXXXXXXX / 2541XXXXXXXX form. */
  @Column({ length: 12 })
  phone!: string;

  @Column({ length: 500, default: '' })
  notes!: string;

  /** Whole KES, copied from the zone table when the address is saved. */
  @Column({ unsigned: true })
  deliveryFee!: number;
}
