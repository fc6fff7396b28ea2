import { resolve } from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import type { AppConfig } from '@shop/config';
import { UPLOADS_PATH } from '@shop/contracts';
import { IMAGE_STORAGE, S3ImageStorage, STORED_IMAGE_MAX_AGE_SECONDS } from '@shop/db';
import { UploadRedirectsController } from './upload-redirects.controller.js';
import { UploadsProxyController } from './uploads-proxy.controller.js';
import { UploadsService } from './uploads.service.js';

/**
 * /uploads, wherever IMAGE_STORAGE keeps the bytes: files of UPLOADS_DIR, or the bucket's objects,
 * redirected to its public address (S3_PUBLIC_URL) or streamed by the api.
 */
@Module({})
export class UploadsModule {
  static register(config: AppConfig): DynamicModule {
    if (config.IMAGE_STORAGE === 'local') {
      return {
        module: UploadsModule,
        imports: [
          ServeStaticModule.forRoot({
            rootPath: resolve(config.UPLOADS_DIR),
            serveRoot: UPLOADS_PATH,
            serveStaticOptions: { immutable: true, maxAge: STORED_IMAGE_MAX_AGE_SECONDS * 1000, fallthrough: false, index: false },
          }),
        ],
      };
    }
    return {
      module: UploadsModule,
      controllers: [config.S3_PUBLIC_URL ? UploadRedirectsController : UploadsProxyController],
      // IMAGE_STORAGE=s3 is what registers these controllers, and it is what makes the storage a bucket's (configuredImageStorage).
      providers: [UploadsService, { provide: S3ImageStorage, useExisting: IMAGE_STORAGE }],
    };
  }
}
