import type { ImageSet } from './api-types.js';

export type ImageFormat = ImageSet['srcSet'][number]['format'];

/**
 * How wide the pictures the api preloads show (the `sizes` of their `<picture>`): the hero's first
 * slide on the home page and a product page's main picture. The browser uses a preload only when it
 * names the candidate the `<picture>` picks, so the web and the api's preload read these same strings.
 */
export const PICTURE_SIZES = {
  hero: '100vw',
  productPage: '(max-width: 768px) 100vw, 420px',
} as const;

/** One format's derivatives as a `srcset`, in the api's order. */
export function srcSetOf(image: ImageSet, format: ImageFormat): string {
  return image.srcSet
    .filter((candidate) => candidate.format === format)
    .map((candidate) => `${candidate.url} ${candidate.width}w`)
    .join(', ');
}

/**
 * What a `<picture>` of an image offers: WebP with JPEG beside it (its smallest as the plain `src`)
 * once the image worker has made the derivatives, the original alone until then. The web's picture,
 * the api's preload and the shell's first paint read it alike, so that the browser picks one file for all.
 */
export type PictureSources = { webp: string; jpeg: string; fallback: string } | { original: string };

export function pictureSourcesOf(image: ImageSet): PictureSources {
  const webp = srcSetOf(image, 'webp');
  const jpeg = srcSetOf(image, 'jpeg');
  if (webp === '' || jpeg === '') return { original: image.url };
  return { webp, jpeg, fallback: image.srcSet.find((candidate) => candidate.format === 'jpeg')?.url ?? image.url };
}
