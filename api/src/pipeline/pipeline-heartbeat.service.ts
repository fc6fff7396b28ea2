import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { JOBS } from '@shop/contracts';
import { inTransaction, recordEvent, type RecordedEvent } from '@shop/db';
import { APP_CONFIG } from '@shop/infrastructure';

/**
 * Sends a heartbeat down the whole event path (outbox → relay → queue → worker → Socket.IO)
 * every few seconds, so operators see the pipeline's health and latency with no shop traffic.
 */
@Injectable()
export class PipelineHeartbeatService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PipelineHeartbeatService.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.PIPELINE_HEARTBEAT_INTERVAL_MS === 0) return;
    this.timer = setInterval(() => {
      this.beat().catch((error: Error) => this.logger.warn(`Heartbeat not recorded: ${error.message}`));
    }, this.config.PIPELINE_HEARTBEAT_INTERVAL_MS);
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  beat(): Promise<RecordedEvent> {
    return inTransaction(this.dataSource, (manager) => recordEvent(manager, JOBS.pipelineHeartbeat, { emittedAt: Date.now() }));
  }
}
