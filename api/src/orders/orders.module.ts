import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@shop/config';
import { DarajaClient, PaypalClient, darajaClientFromConfig, paypalClientFromConfig } from '@shop/payments';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';
import { AdminOrdersController } from './admin-orders.controller.js';
import { CheckoutService } from './checkout.service.js';
import { OrderPlacementService } from './order-placement.service.js';
import { OrdersService } from './orders.service.js';
import { ShopOrdersController } from './shop-orders.controller.js';

@Module({
  controllers: [ShopOrdersController, AdminOrdersController],
  providers: [
    OrderPlacementService,
    OrdersService,
    CheckoutService,
    { provide: DarajaClient, useFactory: (config: AppConfig, redis: Redis) => darajaClientFromConfig(config, redis), inject: [APP_CONFIG, REDIS_CLIENT] },
    { provide: PaypalClient, useFactory: (config: AppConfig, redis: Redis) => paypalClientFromConfig(config, redis), inject: [APP_CONFIG, REDIS_CLIENT] },
  ],
})
export class OrdersModule {}
