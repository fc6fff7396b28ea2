import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@shop/config';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';
import { DarajaClient, darajaClientFromConfig, PaypalClient, paypalClientFromConfig } from '@shop/payments';

/** Daraja's and PayPal's clients, one of each per api instance: checkout starts payments, the callbacks verify PayPal's webhooks. */
@Module({
  providers: [
    {
      provide: DarajaClient,
      useFactory: (config: AppConfig, redis: Redis) => darajaClientFromConfig(config, redis),
      inject: [APP_CONFIG, REDIS_CLIENT],
    },
    {
      provide: PaypalClient,
      useFactory: (config: AppConfig, redis: Redis) => paypalClientFromConfig(config, redis),
      inject: [APP_CONFIG, REDIS_CLIENT],
    },
  ],
  exports: [DarajaClient, PaypalClient],
})
export class PaymentProvidersModule {}
