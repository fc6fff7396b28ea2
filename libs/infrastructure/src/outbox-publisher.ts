import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { JobsOptions, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { jobOptionsOf, outboxJobId, QUEUE_NAMES, type JobName, type JobPayloads, type QueueName } from '@shop/contracts';
import { publishOnCommit, type CommittedEventsPublisher, type RecordedEvent } from '@shop/db';
import { withinTimeout } from './timeouts.js';

/** Longest wait for one queue's publish: past it Redis counts as away, and the relay publishes the events later. */
export const PUBLISH_TIMEOUT_MS = 5000;

/**
 * How long a publish waits for others to mark with it. Far below OUTBOX_RELAY_AFTER_MS: a row the
 * relay finds unmarked is one whose publish failed, not one still being marked.
 */
const MARK_DELAY_MS = 50;

/** The BullMQ job an outbox event becomes: its id is the row's, so publishing a row twice still makes one job. */
function jobOf(event: RecordedEvent): { name: string; data: unknown; opts: JobsOptions } {
  return {
    name: event.jobName,
    data: event.payload,
    opts: { jobId: outboxJobId(event.id), delay: event.delayMs, ...jobOptionsOf(event.queueName) },
  };
}

/**
 * Adds `events` to their queues, one round trip per queue (BullMQ's addBulk). Answers the events
 * that reached their queue and the first failure of those that did not.
 */
export async function publishEvents(
  queues: Record<QueueName, Queue>,
  events: readonly RecordedEvent[],
): Promise<{ published: RecordedEvent[]; unpublished: RecordedEvent[]; failure?: Error }> {
  const published: RecordedEvent[] = [];
  const unpublished: RecordedEvent[] = [];
  let failure: Error | undefined;
  await Promise.all(
    [...new Set(events.map((event) => event.queueName))].map(async (queueName) => {
      const queued = events.filter((event) => event.queueName === queueName);
      try {
        await withinTimeout(queues[queueName].addBulk(queued.map(jobOf)), PUBLISH_TIMEOUT_MS, 'Redis');
        published.push(...queued);
      } catch (error) {
        unpublished.push(...queued);
        failure ??= error as Error;
      }
    }),
  );
  return { published, unpublished, failure };
}

/** What an event's job would do, done by the process that committed the event. */
export type HandledHere<Name extends JobName> = (payload: JobPayloads[Name]) => Promise<void>;

/**
 * Publishes each transaction's events the moment it commits, from the process that committed it
 * (libs/db publishOnCommit), then marks their rows published. The marks of events published close
 * together go in one UPDATE. Whatever fails here (Redis away, MySQL away for the mark, the process
 * killed in between) is left to the outbox relay, which publishes unpublished rows once they are
 * older than OUTBOX_RELAY_AFTER_MS; a row published by both makes one job (its id is the job's).
 */
export class OutboxPublisher implements CommittedEventsPublisher {
  private readonly logger = new Logger('OutboxPublisher');
  private readonly inFlight = new Set<Promise<void>>();
  private readonly handlers = new Map<JobName, HandledHere<JobName>>();
  private unmarked: string[] = [];
  private marking: Promise<void> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: Record<QueueName, Queue>,
  ) {}

  /**
   * From now on this process does the work of `jobName`'s events it commits itself, right after the
   * commit, instead of adding their jobs: one queue hop and one job less (ADR 0038). Only for work
   * that is quick, idempotent and needs nothing of the queue's (an announcement). An event whose
   * handler fails goes to its queue as any other; one of a process killed before it is marked is
   * published by the relay: the work is done at least once, as a job's is.
   */
  handleHere<Name extends JobName>(jobName: Name, handler: HandledHere<Name>): void {
    this.handlers.set(jobName, handler as HandledHere<JobName>);
  }

  publish(events: readonly RecordedEvent[]): void {
    const sending = this.send(events)
      .catch((error: Error) => this.logger.warn(`Left to the outbox relay, ${events.length} event(s): ${error.message}`))
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /** Lets what is on its way arrive (bounded by the publish timeout), so that a clean stop leaves the relay nothing to do. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0 || this.marking) {
      await Promise.all([...this.inFlight, this.marking]);
    }
  }

  private async send(events: readonly RecordedEvent[]): Promise<void> {
    const handled = await this.handledHere(events);
    const queued = events.filter((event) => !handled.includes(event));
    const { published, failure } = queued.length > 0 ? await publishEvents(this.queues, queued) : { published: [], failure: undefined };
    if (failure) this.logger.warn(`Left to the outbox relay, ${queued.length - published.length} event(s): ${failure.message}`);
    const done = [...handled, ...published];
    if (done.length === 0) return;
    this.unmarked.push(...done.map((event) => event.id));
    this.marking ??= this.markPublished();
  }

  /** The events this process did the work of itself; a delayed event waits for its queue's delay. */
  private async handledHere(events: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
    const handled: RecordedEvent[] = [];
    await Promise.all(
      events.map(async (event) => {
        const handler = this.handlers.get(event.jobName);
        if (!handler || event.delayMs > 0) return;
        try {
          await handler(event.payload);
          handled.push(event);
        } catch (error) {
          this.logger.warn(`${event.jobName} ${event.id} goes to its queue, not handled here: ${(error as Error).message}`);
        }
      }),
    );
    return handled;
  }

  /** One UPDATE for every event published since the last one began. */
  private async markPublished(): Promise<void> {
    // Events of the transactions that commit meanwhile join this mark: under load, one UPDATE marks many.
    await new Promise((resolve) => setTimeout(resolve, MARK_DELAY_MS));
    while (this.unmarked.length > 0) {
      const ids = this.unmarked;
      this.unmarked = [];
      try {
        await this.dataSource.query('UPDATE `outbox_events` SET `publishedAt` = NOW(3) WHERE `id` IN (?) AND `publishedAt` IS NULL', [ids]);
      } catch (error) {
        // The relay will publish them again: their jobs exist, so that adds nothing.
        this.logger.warn(`Could not mark ${ids.length} published outbox event(s): ${(error as Error).message}`);
      }
    }
    this.marking = undefined;
  }
}

/** Every queue of the shop, whatever this process's roles: an event is published whoever will process it. */
export function queuesByName(moduleRef: ModuleRef): Record<QueueName, Queue> {
  return Object.fromEntries(QUEUE_NAMES.map((name) => [name, moduleRef.get<Queue>(getQueueToken(name), { strict: false })])) as Record<
    QueueName,
    Queue
  >;
}

/** The app's publisher, installed on its DataSource; a stop lets the last commits' events arrive before the queues close. */
@Injectable()
export class OutboxPublishing implements BeforeApplicationShutdown {
  readonly publisher: OutboxPublisher;

  constructor(dataSource: DataSource, moduleRef: ModuleRef) {
    this.publisher = new OutboxPublisher(dataSource, queuesByName(moduleRef));
    publishOnCommit(dataSource, this.publisher);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.publisher.drain();
  }
}
