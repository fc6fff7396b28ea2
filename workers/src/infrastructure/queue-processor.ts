import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';

/** Every processor logs its worker's connection errors through Nest instead of BullMQ's console fallback. */
export abstract class QueueProcessor extends WorkerHost {
  protected readonly logger = new Logger(this.constructor.name);

  @OnWorkerEvent('error')
  onWorkerError(error: Error): void {
    this.logger.warn(`Queue connection problem: ${error.message}`);
  }
}
