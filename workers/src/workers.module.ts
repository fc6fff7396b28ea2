import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '@shop/config';
import { InfrastructureModule } from '@shop/infrastructure';
import { HealthController } from './health/health.controller.js';
import { ImageDerivativesService } from './images/image-derivatives.service.js';
import { ImageResizeProcessor } from './images/image-resize.processor.js';
import { JobOutcomes } from './infrastructure/job-outcomes.js';
import { socketEmitterProvider } from './infrastructure/socket-emitter.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { OperationsModule } from './operations/operations.module.js';
import { OrderLifecycle } from './orders/order-lifecycle.service.js';
import { OrderUpdates } from './orders/order-updates.js';
import { OrdersProcessor } from './orders/orders.processor.js';
import { OutboxRelay } from './outbox/outbox-relay.service.js';
import { MpesaAttemptSweep } from './payments/mpesa-attempt-sweep.js';
import { MpesaPayments } from './payments/mpesa-payments.service.js';
import { PAYMENT_CLIENTS } from './payments/payment-clients.js';
import { PaymentSettlement } from './payments/payment-settlement.service.js';
import { PaymentsProcessor } from './payments/payments.processor.js';
import { PaypalPayments } from './payments/paypal-payments.service.js';
import { PipelineHeartbeatProcessor } from './pipeline/pipeline-heartbeat.processor.js';

@Module({})
export class WorkersModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: WorkersModule,
      imports: [
        // A worker's Redis commands wait for Redis to come back rather than fail the job.
        InfrastructureModule.register(config, { redisRetriesPerCommand: null, providers: [socketEmitterProvider(config), JobOutcomes] }),
        MetricsModule,
        OperationsModule,
      ],
      controllers: [HealthController],
      providers: [
        OutboxRelay,
        PipelineHeartbeatProcessor,
        ImageDerivativesService,
        ImageResizeProcessor,
        OrderUpdates,
        OrderLifecycle,
        OrdersProcessor,
        ...PAYMENT_CLIENTS,
        PaymentSettlement,
        MpesaPayments,
        MpesaAttemptSweep,
        PaypalPayments,
        PaymentsProcessor,
      ],
    };
  }
}
