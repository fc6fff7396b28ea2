import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { QUEUES, type HealthReport } from '@shop/contracts';
import { HEALTH_CHECK_TIMEOUT_MS, REDIS_CLIENT, probe, withinTimeout } from '@shop/infrastructure';

@Injectable()
export class HealthService {
  private readonly queues: Queue[];

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @InjectQueue(QUEUES.orders) ordersQueue: Queue,
    @InjectQueue(QUEUES.payments) paymentsQueue: Queue,
    @InjectQueue(QUEUES.images) imagesQueue: Queue,
    @InjectQueue(QUEUES.pipeline) pipelineQueue: Queue,
  ) {
    this.queues = [ordersQueue, paymentsQueue, imagesQueue, pipelineQueue];
    // An outage is reported by the health answer; without a listener BullMQ prints each reconnect failure.
    for (const queue of this.queues) queue.on('error', () => undefined);
  }

  async report(): Promise<HealthReport> {
    const [mysql, redis] = await Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.redis.ping())]);
    const queues: HealthReport['queues'] = {};
    await Promise.all(
      this.queues.map(async (queue) => {
        try {
          // A queue is only as reachable as Redis; skip the wait when Redis already failed.
          if (redis === 'down') throw new Error('redis down');
          const counts = await withinTimeout(queue.getJobCounts('waiting', 'failed'), HEALTH_CHECK_TIMEOUT_MS);
          queues[queue.name] = { state: 'up', waiting: counts.waiting ?? 0, failed: counts.failed ?? 0 };
        } catch {
          queues[queue.name] = { state: 'down' };
        }
      }),
    );
    const allUp = mysql === 'up' && redis === 'up' && Object.values(queues).every((queue) => queue.state === 'up');
    return { status: allUp ? 'ok' : 'error', mysql, redis, queues };
  }
}
