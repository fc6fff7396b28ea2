import type { ImageSet } from '@shop/contracts';
import type { ImageAsset } from '@shop/db';

/**
 * An image as clients see it: the original's address, and the derivatives for `srcset` once the
 * worker has made them. Why a file failed is for the admin's eyes only.
 */
export function toImageSet(
  asset: Pick<ImageAsset, 'url' | 'status' | 'derivatives' | 'failureReason'>,
  audience: 'admin' | 'shop',
): ImageSet {
  const srcSet = [...asset.derivatives].sort((a, b) => a.width - b.width).map(({ url, width, format }) => ({ url, width, format }));
  const failure = audience === 'admin' && asset.status === 'failed' && asset.failureReason ? { failureReason: asset.failureReason } : {};
  return { url: asset.url, status: asset.status, srcSet, ...failure };
}
