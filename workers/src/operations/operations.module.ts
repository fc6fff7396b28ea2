import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobFigures } from './job-figures.js';
import { QueueStatsPublisher } from './queue-stats.publisher.js';
import { WorkerPresence } from './worker-presence.js';

/** The queue console's side in the workers: job figures, worker presence and the `queues:stats` push. */
@Module({
  imports: [DiscoveryModule],
  providers: [JobFigures, WorkerPresence, QueueStatsPublisher],
})
export class OperationsModule {}
