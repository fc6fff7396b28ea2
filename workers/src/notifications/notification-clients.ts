import type { Provider } from '@nestjs/common';
import type { AppConfig } from '@shop/config';
import { APP_CONFIG } from '@shop/infrastructure';
import { AfricasTalkingClient, africasTalkingClientFromConfig } from './africastalking-client.js';
import { MailSender, mailSenderFromConfig } from './mail-sender.js';

/** The SMS and mail senders, built from the configuration as the payment clients are (payment-clients.ts). */
export const NOTIFICATION_CLIENTS: Provider[] = [
  { provide: AfricasTalkingClient, inject: [APP_CONFIG], useFactory: (config: AppConfig) => africasTalkingClientFromConfig(config) },
  { provide: MailSender, inject: [APP_CONFIG], useFactory: (config: AppConfig) => mailSenderFromConfig(config) },
];
