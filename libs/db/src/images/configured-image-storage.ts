import type { AppConfig } from '@shop/config';
import { LocalDiskImageStorage, type ImageStorage } from './image-storage.js';
import { S3ImageStorage, type S3StorageSettings } from './s3-image-storage.js';

export type ImageStorageSettings = Pick<AppConfig, 'IMAGE_STORAGE' | 'UPLOADS_DIR' | 'S3_BUCKET'> & Omit<S3StorageSettings, 'S3_BUCKET'>;

/** The storage IMAGE_STORAGE names: this machine's UPLOADS_DIR, or the bucket every replica shares. */
export function configuredImageStorage(settings: ImageStorageSettings): ImageStorage {
  if (settings.IMAGE_STORAGE === 'local') return new LocalDiskImageStorage(settings.UPLOADS_DIR);
  // loadConfig refuses this already; a hand-made config must not reach the SDK's vaguer error.
  if (!settings.S3_BUCKET) throw new Error('S3_BUCKET is required when IMAGE_STORAGE=s3');
  return new S3ImageStorage({ ...settings, S3_BUCKET: settings.S3_BUCKET });
}
