import { DataSource, In } from 'typeorm';
import { JOB_QUEUE, JOBS, type JobName } from '@shop/contracts';
import { testConfig } from '@shop/testing';
import { createDataSource } from '../data-source.js';
import { OutboxEvent } from '../entities/outbox-event.entity.js';
import { replayOutbox } from './outbox-replay.js';

describe('replaying the outbox after a Redis loss', () => {
  let dataSource: DataSource;
  // Publish times in 2001: no other file's rows fall in these windows.
  const at = (time: string) => new Date(`2001-01-01T${time}Z`);

  beforeAll(async () => {
    dataSource = await createDataSource(testConfig()).initialize();
  });
  const written: OutboxEvent[] = [];
  afterAll(async () => {
    // Handed back, they would reach the relays of the spec files after this one.
    if (written.length > 0) await dataSource.getRepository(OutboxEvent).delete({ id: In(written.map((event) => event.id)) });
    await dataSource?.destroy();
  });

  const publishedAt = async (jobName: JobName, time: string) => {
    const event = await dataSource
      .getRepository(OutboxEvent)
      .save({ jobName, queueName: JOB_QUEUE[jobName], payload: { orderId: 1 }, publishedAt: at(time), publishAttempts: 1 });
    written.push(event);
    return event;
  };
  const unpublishedIds = async (events: OutboxEvent[]) =>
    (await dataSource.getRepository(OutboxEvent).findBy({ id: In(events.map((event) => event.id)) }))
      .filter((event) => event.publishedAt === null)
      .map((event) => event.id)
      .sort();

  it('hands back exactly the events published in the window, in batches, and only the queues asked for', async () => {
    const before = await publishedAt(JOBS.orderStatusChanged, '09:59:59.999');
    const inside = await Promise.all([
      publishedAt(JOBS.orderStatusChanged, '10:00:00.000'),
      publishedAt(JOBS.orderStatusChanged, '10:30:00.000'),
      publishedAt(JOBS.mpesaCallback, '10:45:00.000'),
    ]);
    const heartbeat = await publishedAt(JOBS.pipelineHeartbeat, '10:50:00.000');
    const after = await publishedAt(JOBS.orderStatusChanged, '11:00:00.000');

    const replayed = await replayOutbox(dataSource, {
      since: at('10:00:00.000'),
      until: at('11:00:00.000'),
      queues: ['orders', 'payments'],
      batchSize: 2,
    });

    expect(replayed).toBe(3);
    expect(await unpublishedIds([before, ...inside, heartbeat, after])).toEqual(inside.map((event) => event.id).sort());
    const handedBack = await dataSource.getRepository(OutboxEvent).findOneByOrFail({ id: inside[0].id });
    expect([handedBack.publishAttempts, handedBack.lastError]).toEqual([0, null]);
  });
});
