import { ConsoleLogger, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { exitWithReason, loadConfig } from '@shop/config';
import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.create(AppModule.register(config), {
    logger: new ConsoleLogger({ json: config.NODE_ENV === 'production' }),
    abortOnError: false,
  });
  configureApp(app, config);
  await app.listen(config.PORT);
  new Logger('api').log(`listening on ${config.PUBLIC_URL}`);
}

bootstrap().catch((error: unknown) => exitWithReason('api', error));
