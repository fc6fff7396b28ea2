import { extname } from 'node:path';

/** Keys are content-derived, so a key's bytes never change: browsers and CDNs may keep them a year without asking again. */
export const STORED_IMAGE_MAX_AGE_SECONDS = 365 * 24 * 3600;
export const STORED_IMAGE_CACHE_CONTROL = `public, max-age=${STORED_IMAGE_MAX_AGE_SECONDS}, immutable`;

/** The types of the extensions the shop stores (originals as uploaded, derivatives in WebP and JPEG). */
const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/** The Content-Type a stored key is served with; a bucket keeps it beside the bytes, as a disk's file name does. */
export function storedImageContentType(key: string): string {
  return CONTENT_TYPE_BY_EXTENSION[extname(key).toLowerCase()] ?? 'application/octet-stream';
}
