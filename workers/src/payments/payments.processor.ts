import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { JOBS, QUEUES, type JobPayloads } from '@shop/contracts';
import { QueueProcessor } from '../infrastructure/queue-processor.js';
import { OrderUpdates, type OrderUpdate } from '../orders/order-updates.js';
import { MpesaPayments } from './mpesa-payments.service.js';
import { PaypalPayments } from './paypal-payments.service.js';

type PaymentJobName =
  | typeof JOBS.mpesaCallback
  | typeof JOBS.mpesaReconcile
  | typeof JOBS.mpesaStatusResult
  | typeof JOBS.paypalCapture
  | typeof JOBS.paypalWebhook;

/**
 * A shopper watches the waiting page while a payment job runs: when a worker dies mid-job, another
 * takes the job over within about 15 s instead of BullMQ's default minute. Payment jobs are short
 * HTTP calls and transactions; the lock is renewed every 5 s while one runs.
 */
export const PAYMENT_JOB_LOCK = { lockDuration: 10_000, stalledInterval: 5_000 } as const;

/**
 * The `payments` queue, by job name. The services settle in their own transactions, whose
 * `order.status-changed` events tell the browsers once they commit; a change that needs a person
 * alerts the admins here, after the commit too.
 */
@Processor(QUEUES.payments, PAYMENT_JOB_LOCK)
export class PaymentsProcessor extends QueueProcessor {
  constructor(
    private readonly mpesa: MpesaPayments,
    private readonly paypal: PaypalPayments,
    private readonly updates: OrderUpdates,
  ) {
    super();
  }

  async process(job: Job<JobPayloads[PaymentJobName], unknown, string>): Promise<string> {
    const update = await this.run(job);
    this.updates.attentionNeeded(update);
    return update ? `order ${update.event.orderId}: ${update.event.orderStatus}, payment ${update.event.paymentStatus}` : 'no change';
  }

  private run(job: Job<JobPayloads[PaymentJobName], unknown, string>): Promise<OrderUpdate | null> {
    switch (job.name) {
      case JOBS.mpesaCallback:
        return this.mpesa.callback((job.data as JobPayloads['mpesa.callback']).callbackId);
      case JOBS.mpesaReconcile:
        return this.mpesa.check((job.data as JobPayloads['mpesa.reconcile']).attemptId);
      case JOBS.mpesaStatusResult:
        return this.mpesa.statusResult((job.data as JobPayloads['mpesa.status-result']).callbackId);
      case JOBS.paypalCapture:
        return this.paypal.capture(job.data as JobPayloads['paypal.capture']);
      case JOBS.paypalWebhook:
        return this.paypal.webhook((job.data as JobPayloads['paypal.webhook']).callbackId);
      default:
        throw new UnrecoverableError(`The payments queue has no job named ${job.name}`);
    }
  }
}
