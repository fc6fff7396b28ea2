import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@shop/config';
import { MESSAGES } from '@shop/contracts';
import { Refusal, S3ImageStorage, type StoredImageStream } from '@shop/db';
import { APP_CONFIG } from '@shop/infrastructure';

const notFound = () => new Refusal('NOT_FOUND', MESSAGES.server.notFound);

/**
 * The /uploads addresses stored in MySQL, answered from the bucket: by sending browsers to the
 * bucket's public address, or by streaming its objects through the api.
 */
@Injectable()
export class UploadsService {
  /** The bucket's public address without its trailing slash: set whenever uploads are redirected (UploadsModule). */
  private readonly publicUrl: string | undefined;

  constructor(
    private readonly bucket: S3ImageStorage,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.publicUrl = config.S3_PUBLIC_URL?.replace(/\/+$/, '');
  }

  /** Where the bucket's public address serves the upload at `path` (as requested, still percent-encoded). */
  publicAddressOf(path: string): string | Refusal {
    const key = this.bucket.keyOf(path);
    return key === undefined ? notFound() : `${this.publicUrl}/${key}`;
  }

  /** The bytes of the upload at `path`, or a 404 for an address that is no key or a key the bucket does not have. */
  async open(path: string): Promise<StoredImageStream | Refusal> {
    const key = this.bucket.keyOf(path);
    const image = key === undefined ? undefined : await this.bucket.open(key);
    return image ?? notFound();
  }
}
