import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '@shop/config';
import { HealthController } from './health/health.controller.js';
import { ImageDerivativesService } from './images/image-derivatives.service.js';
import { ImageResizeProcessor } from './images/image-resize.processor.js';
import { InfrastructureModule } from './infrastructure/infrastructure.module.js';
import { OutboxRelay } from './outbox/outbox-relay.service.js';
import { PipelineHeartbeatProcessor } from './pipeline/pipeline-heartbeat.processor.js';

@Module({})
export class WorkersModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: WorkersModule,
      imports: [InfrastructureModule.register(config)],
      controllers: [HealthController],
      providers: [OutboxRelay, PipelineHeartbeatProcessor, ImageDerivativesService, ImageResizeProcessor],
    };
  }
}
