import type { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '@shop/config';
import { STORED_IMAGE_CACHE_CONTROL, storedImageContentType } from './image-serving.js';
import { uploadKeyOf, uploadUrlOf, type ImageStorage } from './image-storage.js';

export type S3StorageSettings = Pick<
  AppConfig,
  'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
> & { S3_BUCKET: string };

/** An object of the bucket on its way to a browser, with what HTTP caching needs. */
export interface StoredImageStream {
  body: Readable;
  contentType: string;
  contentLength: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/** S3's longest key, in UTF-8 bytes: a longer one is refused by S3 and answered with a 500 by some look-alikes. */
const MAX_KEY_BYTES = 1024;

/**
 * Objects of one bucket of S3 or an S3-compatible service (R2, MinIO), shared by every api and
 * workers replica. Each object carries its Content-Type and immutable caching, so the bucket can also
 * be served to browsers directly (S3_PUBLIC_URL) with the headers the api would give.
 */
export class S3ImageStorage implements ImageStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3StorageSettings) {
    this.bucket = settings.S3_BUCKET;
    this.client = new S3Client({
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
      // Unset, the SDK's own chain finds them (an instance role, AWS_* variables).
      credentials:
        settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
          : undefined,
      // The SDK's default checksum headers (since 3.729) are refused by several S3-compatible
      // services (R2 answered 501 for a while, Backblaze and Ceph 400): elsewhere than AWS they are
      // sent only where the operation requires them.
      ...(settings.S3_ENDPOINT ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    });
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: storedImageContentType(key),
        CacheControl: STORED_IMAGE_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  urlOf(key: string): string {
    return uploadUrlOf(key);
  }

  keyOf(url: string): string | undefined {
    return uploadKeyOf(url);
  }

  /** The object's bytes as they come from the bucket, or undefined when the bucket has no such key. */
  async open(key: string): Promise<StoredImageStream | undefined> {
    if (Buffer.byteLength(key) > MAX_KEY_BYTES) return undefined;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        body: object.Body as Readable,
        contentType: object.ContentType ?? storedImageContentType(key),
        contentLength: object.ContentLength,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }
}
