import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@shop/config';
import { APP_CONFIG, REDIS_CLIENT } from '@shop/infrastructure';
import { DarajaClient, darajaClientFromConfig, PaypalClient, paypalClientFromConfig } from '@shop/payments';

/** The providers' clients, built as the api builds them, sharing the workers' Redis (Daraja's token is shared through it). */
export const PAYMENT_CLIENTS: Provider[] = [
  {
    provide: DarajaClient,
    inject: [APP_CONFIG, REDIS_CLIENT],
    useFactory: (config: AppConfig, redis: Redis) => darajaClientFromConfig(config, redis),
  },
  {
    provide: PaypalClient,
    inject: [APP_CONFIG, REDIS_CLIENT],
    useFactory: (config: AppConfig, redis: Redis) => paypalClientFromConfig(config, redis),
  },
];
