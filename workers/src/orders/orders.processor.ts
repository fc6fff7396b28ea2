import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { JOBS, QUEUES, QUEUE_SETTINGS, type JobPayloads } from '@shop/contracts';
import { QueueProcessor } from '../infrastructure/queue-processor.js';
import { OrderLifecycle } from './order-lifecycle.service.js';
import { OrderUpdates } from './order-updates.js';

type OrderJobName = typeof JOBS.orderCreated | typeof JOBS.orderExpire | typeof JOBS.orderStatusChanged;

/** The `orders` queue: `order.created`, `order.expire` and `order.status-changed`, by job name. */
@Processor(QUEUES.orders, { concurrency: QUEUE_SETTINGS.orders.concurrency })
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
      case JOBS.orderExpire: {
        const update = await this.lifecycle.expire(orderId);
        this.updates.orderUpdated(update);
        return update ? 'cancelled' : 'nothing to expire';
      }
      case JOBS.orderCreated: {
        const event = await this.lifecycle.created(orderId);
        if (event) this.updates.orderCreated(event);
        return event ? 'announced' : 'order gone';
      }
      case JOBS.orderStatusChanged: {
        const update = await this.lifecycle.current(orderId);
        this.updates.orderUpdated(update);
        return update ? 'announced' : 'order gone';
      }
      default:
        throw new UnrecoverableError(`The orders queue has no job named ${job.name}`);
    }
  }
}
