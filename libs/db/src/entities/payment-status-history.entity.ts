import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { PAYMENT_ACTORS, PAYMENT_STATUSES, type PaymentActor, type PaymentStatus } from '@shop/contracts';
import { Payment } from './payment.entity.js';
import { StatusChange } from './status-change.js';

/** One row per move of a payment's status (libs/db/src/payments/payment-transitions.ts). */
@Entity('payment_status_history')
export class PaymentStatusHistory extends StatusChange {
  @PrimaryGeneratedColumn({ unsigned: true })
  id!: number;

  @Column({ unsigned: true })
  paymentId!: number;

  @ManyToOne(() => Payment, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'paymentId' })
  payment!: Relation<Payment>;

  @Column({ type: 'enum', enum: PAYMENT_STATUSES })
  fromStatus!: PaymentStatus;

  @Column({ type: 'enum', enum: PAYMENT_STATUSES })
  toStatus!: PaymentStatus;

  @Column({ type: 'enum', enum: PAYMENT_ACTORS })
  actor!: PaymentActor;
}
