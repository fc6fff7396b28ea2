import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { pino, type DestinationStream } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AppConfig } from '@shop/config';
import { UPLOADS_PATH } from '@shop/contracts';
import { ApiExceptionFilter } from './common/api-exception.filter.js';
import { readJsonBodies } from './common/json-bodies.js';
import { redactedUrl } from './common/log-redaction.js';
import { withRefusals } from './common/openapi.js';
import { refuseForeignWrites } from './common/request-origin.js';
import { createValidationPipe } from './common/validation.pipe.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';
import { refuseUploadWrites } from './uploads/read-only-uploads.js';

export interface AppSetupOptions {
  /** Where the request log goes (standard output unless a test reads it). */
  logDestination?: DestinationStream;
}

/** Everything main.ts and the integration tests both need, so tests exercise the real setup. */
export function configureApp(app: INestApplication, config: AppConfig, { logDestination }: AppSetupOptions = {}): INestApplication {
  // Sign-in throttling counts per client address: behind a proxy that is X-Forwarded-For's.
  (app.getHttpAdapter().getInstance() as { set(setting: string, value: unknown): void }).set('trust proxy', config.TRUST_PROXY_HOPS);
  app.setGlobalPrefix('api', { exclude: ['uploads/{*path}'] });
  // Below a kilobyte the headers outweigh the saving. The web build's files come compressed already
  // (their Content-Encoding tells this to pass them by); Socket.IO answers before Express sees a request.
  app.use(compression({ threshold: '1kb' }));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // antd writes its styles at run time; images may come from blob: previews while uploading.
          'style-src': ["'self'", "'unsafe-inline'"],
          // With S3_PUBLIC_URL, /uploads redirects there, and CSP checks the address an image ends at.
          'img-src': [
            "'self'",
            'data:',
            'blob:',
            ...(config.IMAGE_STORAGE === 's3' && config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : []),
          ],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          // Over plain http on a LAN address this would send the browser to https that nobody serves.
          'upgrade-insecure-requests': config.NODE_ENV === 'production' ? [] : null,
        },
      },
    }),
  );
  app.use(cookieParser());
  app.use(UPLOADS_PATH, refuseUploadWrites);
  app.use(refuseForeignWrites(config));
  readJsonBodies(app);
  app.enableCors({ origin: config.WEB_ORIGINS, credentials: true });
  app.use(
    pinoHttp({
      logger: pino({ level: config.LOG_LEVEL }, logDestination),
      // Probes and scrapes come every few seconds and say nothing a person needs to read.
      autoLogging: {
        ignore: (request) => ['/api/health', '/api/health/live', '/api/health/ready', '/api/metrics'].includes(request.url ?? ''),
      },
      // One short line per request: headers would carry session cookies into the logs, and a URL's
      // secrets (the callback token, OAuth's code and state) are redacted.
      serializers: {
        req: (request) => ({ id: request.id, method: request.method, url: redactedUrl(request.url) }),
        res: (response) => ({ statusCode: response.statusCode }),
      },
    }),
  );
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useWebSocketAdapter(new RedisIoAdapter(app, config));
  app.enableShutdownHooks([], { useProcessExit: true });
  if (config.SWAGGER_ENABLED) {
    const document = withRefusals(
      SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Toy Duka API').setVersion('1').build()),
    );
    SwaggerModule.setup('api/docs', app, document);
  }
  return app;
}
