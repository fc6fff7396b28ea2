import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/**
 * Where image bytes live. Keys are content-derived paths (`originals/<sha256>.jpg`), so a key never
 * changes its bytes and writing one twice is harmless. Local disk is the default; an
 * S3-compatible bucket can take its place behind the same three calls.
 */
export interface ImageStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** The address browsers load the key from. */
  urlOf(key: string): string;
  /** The key behind an address `urlOf` gave, or undefined for any other address. */
  keyOf(url: string): string | undefined;
}

/** The dependency-injection token of the ImageStorage in the api and the workers. */
export const IMAGE_STORAGE = Symbol('IMAGE_STORAGE');

const PUBLIC_PREFIX = '/uploads/';

/**
 * The address of a key, whichever storage holds its bytes: the api answers /uploads for each of them,
 * so the urls stored in MySQL stay true when a shop moves its images from disk to a bucket.
 */
export function uploadUrlOf(key: string): string {
  return `${PUBLIC_PREFIX}${key}`;
}

/**
 * A segment of the keys the shop makes (`derivatives/<sha256>/card.webp`): words joined by single
 * dots. So no key climbs out of the storage root (a directory, the bucket's public address), not even
 * behind percent-encoding ('%2e%2e', which browsers and some servers decode), nor names a dotfile.
 */
const KEY_SEGMENT = /^[\w-]+(?:\.[\w-]+)*$/;

/** The key behind an address `uploadUrlOf` gave, or undefined for any other address. */
export function uploadKeyOf(url: string): string | undefined {
  if (!url.startsWith(PUBLIC_PREFIX)) return undefined;
  const key = url.slice(PUBLIC_PREFIX.length);
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment)) ? key : undefined;
}

/** Files under UPLOADS_DIR, served by the api at /uploads with immutable caching. */
export class LocalDiskImageStorage implements ImageStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = join(this.root, key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed: a reader never sees half a file, even while a retry or a second
    // upload of the same bytes rewrites it; each writer has its own aside file.
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  get(key: string): Promise<Buffer> {
    return readFile(join(this.root, key));
  }

  urlOf(key: string): string {
    return uploadUrlOf(key);
  }

  keyOf(url: string): string | undefined {
    return uploadKeyOf(url);
  }
}
