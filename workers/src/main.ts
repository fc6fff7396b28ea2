import { ConsoleLogger, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { exitWithReason, loadConfig } from '@shop/config';
import { WorkersModule } from './workers.module.js';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.create(WorkersModule.register(config), {
    logger: new ConsoleLogger({ json: config.NODE_ENV === 'production' }),
    abortOnError: false,
  });
  // SIGTERM closes the BullMQ workers (finishing their current jobs) and the outbox relay.
  app.enableShutdownHooks([], { useProcessExit: true });
  await app.listen(config.WORKERS_HEALTH_PORT, config.WORKERS_HEALTH_HOST);
  new Logger('workers').log(`processing queues; health on ${config.WORKERS_HEALTH_HOST}:${config.WORKERS_HEALTH_PORT}`);
}

bootstrap().catch((error: unknown) => exitWithReason('workers', error));
