import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { JOBS, outboxIdOfJob, QUEUES, type NotifyJob } from '@shop/contracts';
import { QueueProcessor } from '../infrastructure/queue-processor.js';
import { NotificationsService } from './notifications.service.js';

/**
 * The `notifications` queue: one `notification.send` job per event, whose outbox row is what makes
 * each message "the same" however often the job is delivered. A throw is retried with the queue's
 * backoff (QUEUE_SETTINGS.notifications); after the last try the job stays failed in the console.
 */
@Processor(QUEUES.notifications)
export class NotificationsProcessor extends QueueProcessor {
  constructor(private readonly notifications: NotificationsService) {
    super();
  }

  async process(job: Job<NotifyJob, unknown, string>): Promise<string> {
    if (job.name !== JOBS.notificationSend) throw new UnrecoverableError(`The notifications queue has no job named ${job.name}`);
    const outboxEventId = outboxIdOfJob(job.id);
    // Only the outbox's jobs have an event to key their messages by.
    if (!Number.isSafeInteger(outboxEventId) || outboxEventId <= 0)
      throw new UnrecoverableError(`Job ${job.id} is not an outbox event's job`);
    return this.notifications.deliver(outboxEventId, job.data, { lastTry: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) });
  }
}
