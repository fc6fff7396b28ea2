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
