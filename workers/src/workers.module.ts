import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { AppConfig } from '@shop/config';
import type { QueueName } from '@shop/contracts';
import { InfrastructureModule } from '@shop/infrastructure';
import { HealthController } from './health/health.controller.js';
import { ImageDerivativesService } from './images/image-derivatives.service.js';
import { ImageResizeProcessor } from './images/image-resize.processor.js';
import { JobOutcomes } from './infrastructure/job-outcomes.js';
import { QueueConcurrency } from './infrastructure/queue-concurrency.js';
import { socketEmitterProvider } from './infrastructure/socket-emitter.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { NOTIFICATION_CLIENTS } from './notifications/notification-clients.js';
import { NotificationsProcessor } from './notifications/notifications.processor.js';
import { NotificationsService } from './notifications/notifications.service.js';
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
import { RetentionProcessor } from './retention/retention.processor.js';

/**
 * What a process runs for each queue it serves (WORKER_QUEUES): the queue's processor and what only
 * it needs. The M-Pesa sweep queues `mpesa.reconcile` jobs, so it runs where payments are taken.
 */
const ROLES: Record<QueueName, Provider[]> = {
  orders: [OrderUpdates, OrderLifecycle, OrdersProcessor],
  payments: [OrderUpdates, ...PAYMENT_CLIENTS, PaymentSettlement, MpesaPayments, MpesaAttemptSweep, PaypalPayments, PaymentsProcessor],
  images: [ImageDerivativesService, ImageResizeProcessor],
  pipeline: [PipelineHeartbeatProcessor],
  maintenance: [RetentionProcessor],
  notifications: [...NOTIFICATION_CLIENTS, NotificationsService, NotificationsProcessor],
};

@Module({})
export class WorkersModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: WorkersModule,
      imports: [
        // A worker's Redis commands wait for Redis to come back rather than fail the job.
        InfrastructureModule.register(config, { redisRetriesPerCommand: null, providers: [socketEmitterProvider(config), JobOutcomes] }),
        DiscoveryModule,
        MetricsModule,
        OperationsModule,
      ],
      controllers: [HealthController],
      providers: [
        // Every process relays the outbox, whatever it serves: an outbox row waits for any one
        // relay, and the relays share rows with SKIP LOCKED, so no deployment of roles leaves
        // events unpublished.
        OutboxRelay,
        QueueConcurrency,
        ...new Set(config.WORKER_QUEUES.flatMap((queue) => ROLES[queue])),
      ],
    };
  }
}
