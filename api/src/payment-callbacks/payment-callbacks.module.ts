import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module.js';
import { PaymentProvidersModule } from '../payment-providers/payment-providers.module.js';
import { PaymentCallbacksController } from './payment-callbacks.controller.js';
import { PaymentCallbacksService } from './payment-callbacks.service.js';
import { RefusedWebhooks } from './refused-webhooks.js';

@Module({
  imports: [PaymentProvidersModule, MetricsModule],
  controllers: [PaymentCallbacksController],
  providers: [PaymentCallbacksService, RefusedWebhooks],
})
export class PaymentCallbacksModule {}
