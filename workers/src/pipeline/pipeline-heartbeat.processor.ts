import { Processor } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import type { Emitter } from '@socket.io/redis-emitter';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@shop/config';
import {
  outboxIdOfJob,
  PIPELINE_HEARTBEATS_KEPT,
  pipelineHeartbeatKeys,
  QUEUES,
  SOCKET_EVENTS,
  SOCKET_ROOMS,
  type PipelineHeartbeatEvent,
  type PipelineHeartbeatJob,
} from '@shop/contracts';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';
import { QueueProcessor } from '../infrastructure/queue-processor.js';
import { SOCKET_EMITTER } from '../infrastructure/socket-emitter.js';

const SEEN_FOR_SECONDS = 3600;

/** Ends the heartbeat's trip: records its latency once per outbox row and tells the ops room. */
@Processor(QUEUES.pipeline)
export class PipelineHeartbeatProcessor extends QueueProcessor {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(SOCKET_EMITTER) private readonly emitter: Emitter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async process(job: Job<PipelineHeartbeatJob>): Promise<PipelineHeartbeatEvent | null> {
    const processedAt = Date.now();
    const heartbeat: PipelineHeartbeatEvent = {
      outboxId: outboxIdOfJob(job.id),
      emittedAt: job.data.emittedAt,
      processedAt,
      latencyMs: processedAt - job.data.emittedAt,
    };
    const keys = pipelineHeartbeatKeys(this.config.REDIS_PREFIX);
    const firstTime = await this.redis.set(keys.seen(heartbeat.outboxId), String(processedAt), 'EX', SEEN_FOR_SECONDS, 'NX');
    if (firstTime === null) return null;
    await this.redis
      .multi()
      .lpush(keys.recent, JSON.stringify(heartbeat))
      .ltrim(keys.recent, 0, PIPELINE_HEARTBEATS_KEPT - 1)
      .exec();
    this.emitter.to(SOCKET_ROOMS.ops).emit(SOCKET_EVENTS.pipelineHeartbeat, heartbeat);
    return heartbeat;
  }
}
