import { WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { AppConfig } from '@shop/config';
import { QUEUE_SETTINGS, type QueueName } from '@shop/contracts';
import { APP_CONFIG } from '@shop/infrastructure';

/** The BullMQ worker host of every queue this process takes jobs from (WORKER_QUEUES). */
export function queueProcessorsOf(discovery: DiscoveryService): WorkerHost[] {
  return discovery
    .getProviders()
    .map((wrapper) => wrapper.instance as unknown)
    .filter((instance): instance is WorkerHost => instance instanceof WorkerHost);
}

/** Jobs of a queue one process runs at once: the deployment's WORKER_CONCURRENCY, else the queue's own default. */
export function concurrencyOf(config: Pick<AppConfig, 'WORKER_CONCURRENCY'>, queue: QueueName): number {
  return config.WORKER_CONCURRENCY[queue] ?? QUEUE_SETTINGS[queue].concurrency;
}

/**
 * Gives each processor's worker its concurrency, which the static @Processor() decorator cannot
 * read from the configuration, and says which queues this process serves. BullModule makes the
 * workers in its own init, which Nest runs before this one (a global module's); a job a worker
 * takes in between runs under BullMQ's default of one at a time, never more than configured.
 */
@Injectable()
export class QueueConcurrency implements OnModuleInit {
  private readonly logger = new Logger('workers');

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const served = queueProcessorsOf(this.discovery).map(({ worker }) => {
      worker.concurrency = concurrencyOf(this.config, worker.name as QueueName);
      return `${worker.name} (${worker.concurrency} at once)`;
    });
    this.logger.log(`Taking jobs from ${served.join(', ')}`);
  }
}
