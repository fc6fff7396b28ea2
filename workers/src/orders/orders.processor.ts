import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { JOBS, QUEUES, type JobPayloads } from '@shop/contracts';
import { QueueProcessor } from '../infrastructure/queue-processor.js';
import { OrderLifecycle } from './order-lifecycle.service.js';
import { OrderUpdates } from './order-updates.js';

type OrderJobName = typeof JOBS.orderExpire | typeof JOBS.orderStatusChanged;

/**
 * The `orders` queue, by job name: `order.expire` closes an unpaid order, `order.status-changed`
 * tells the browsers of any change an order's transaction recorded (and the admins of an order just paid).
 */
@Processor(QUEUES.orders)
export class OrdersProcessor extends QueueProcessor {
  constructor(
    private readonly lifecycle: OrderLifecycle,
    private readonly updates: OrderUpdates,
  ) {
    super();
  }

  async process(job: Job<JobPayloads[OrderJobName], unknown, string>): Promise<string> {
    const { orderId } = job.data;
    switch (job.name) {
      case JOBS.orderExpire:
        return (await this.lifecycle.expire(orderId)) ? 'cancelled' : 'nothing to expire';
      case JOBS.orderStatusChanged:
        return (await this.updates.announce(job.data)) ? 'announced' : 'order gone';
      default:
        throw new UnrecoverableError(`The orders queue has no job named ${job.name}`);
    }
  }
}
