import { Module } from '@nestjs/common';
import { PaymentProvidersModule } from '../payment-providers/payment-providers.module.js';
import { AdminOrdersController } from './admin-orders.controller.js';
import { CheckoutService } from './checkout.service.js';
import { OrderPaymentsService } from './order-payments.service.js';
import { OrderPlacementService } from './order-placement.service.js';
import { OrdersService } from './orders.service.js';
import { ShopOrdersController } from './shop-orders.controller.js';

@Module({
  imports: [PaymentProvidersModule],
  controllers: [ShopOrdersController, AdminOrdersController],
  providers: [OrderPlacementService, OrdersService, OrderPaymentsService, CheckoutService],
})
export class OrdersModule {}
