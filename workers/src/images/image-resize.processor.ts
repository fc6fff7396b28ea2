import { Processor } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import type { Emitter } from '@socket.io/redis-emitter';
import { UnrecoverableError, type Job } from 'bullmq';
import { QUEUES, SOCKET_EVENTS, SOCKET_ROOMS, type ImageProcessedEvent, type ImageResizeJob } from '@shop/contracts';
import { QueueProcessor } from '../infrastructure/queue-processor.js';
import { SOCKET_EMITTER } from '../infrastructure/socket-emitter.js';
import { ImageDerivativesService } from './image-derivatives.service.js';

/**
 * `image.resize`: makes an upload's derivatives and tells the admins. A corrupt original goes to
 * the failed set at once with its reason; anything else (database, disk) is retried.
 */
@Processor(QUEUES.images)
export class ImageResizeProcessor extends QueueProcessor {
  constructor(
    private readonly derivatives: ImageDerivativesService,
    @Inject(SOCKET_EMITTER) private readonly emitter: Emitter,
  ) {
    super();
  }

  async process(job: Job<ImageResizeJob>): Promise<ImageProcessedEvent> {
    const outcome = await this.derivatives.make(job.data.imageId);
    const event: ImageProcessedEvent = {
      imageId: outcome.asset.id,
      url: outcome.asset.url,
      status: outcome.status === 'failed' ? 'failed' : 'ready',
      ...(outcome.status === 'failed' ? { reason: outcome.reason } : {}),
    };
    if (outcome.status !== 'already-ready') this.emitter.to(SOCKET_ROOMS.admins).emit(SOCKET_EVENTS.imageProcessed, event);
    if (outcome.status === 'failed') throw new UnrecoverableError(`image ${event.imageId} cannot be used: ${outcome.reason}`);
    return event;
  }
}
