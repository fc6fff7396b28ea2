import { Module } from '@nestjs/common';
import { PaymentCallbacksController } from './payment-callbacks.controller.js';
import { PaymentCallbacksService } from './payment-callbacks.service.js';

@Module({
  controllers: [PaymentCallbacksController],
  providers: [PaymentCallbacksService],
})
export class PaymentCallbacksModule {}
