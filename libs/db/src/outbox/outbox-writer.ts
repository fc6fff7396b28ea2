import type { EntityManager } from 'typeorm';
import { JOB_QUEUE, type JobName, type JobPayloads } from '@shop/contracts';
import { OutboxEvent } from '../entities/outbox-event.entity.js';

/**
 * Records an event in the caller's transaction. Pass the transaction's manager: the event then
 * exists exactly when the change it describes does, and the relay publishes it later.
 */
export async function recordEvent<Name extends JobName>(
  manager: EntityManager,
  jobName: Name,
  payload: JobPayloads[Name],
  options: { delayMs?: number } = {},
): Promise<OutboxEvent> {
  const event = manager.create(OutboxEvent, { jobName, queueName: JOB_QUEUE[jobName], payload, delayMs: options.delayMs ?? 0 });
  return manager.save(event);
}
