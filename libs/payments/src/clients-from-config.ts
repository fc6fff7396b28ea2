import type { Redis } from 'ioredis';
import type { AppConfig } from '@shop/config';
import { DarajaClient } from './daraja/daraja-client.js';

export type DarajaSettings = Pick<
  AppConfig,
  | 'MPESA_BASE_URL'
  | 'MPESA_CONSUMER_KEY'
  | 'MPESA_CONSUMER_SECRET'
  | 'MPESA_SHORTCODE'
  | 'MPESA_PASSKEY'
  | 'MPESA_INITIATOR_NAME'
  | 'MPESA_SECURITY_CREDENTIAL'
  | 'REDIS_PREFIX'
>;

/** The client the configuration names: the sandbox unless MPESA_* point at Safaricom, its token shared through Redis. */
export function darajaClientFromConfig(config: DarajaSettings, redis: Redis): DarajaClient {
  return new DarajaClient({
    baseUrl: config.MPESA_BASE_URL,
    consumerKey: config.MPESA_CONSUMER_KEY,
    consumerSecret: config.MPESA_CONSUMER_SECRET,
    shortcode: config.MPESA_SHORTCODE,
    passkey: config.MPESA_PASSKEY,
    initiatorName: config.MPESA_INITIATOR_NAME,
    securityCredential: config.MPESA_SECURITY_CREDENTIAL,
    redis,
    redisPrefix: config.REDIS_PREFIX,
  });
}
