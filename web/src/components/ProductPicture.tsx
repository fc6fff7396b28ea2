import type { ImageSet } from '@shop/contracts';
import type { CSSProperties } from 'react';

type Format = ImageSet['srcSet'][number]['format'];

function srcSetOf(image: ImageSet, format: Format): string {
  return image.srcSet
    .filter((candidate) => candidate.format === format)
    .map((candidate) => `${candidate.url} ${candidate.width}w`)
    .join(', ');
}

interface ProductPictureProps {
  image: ImageSet;
  alt: string;
  /** How wide the picture shows, for the browser to pick a derivative (the `sizes` attribute). */
  sizes: string;
  style?: CSSProperties;
  loading?: 'lazy' | 'eager';
}

/**
 * An uploaded image at the size the screen needs: WebP where the browser takes it, JPEG otherwise,
 * and the original until the image worker has made the derivatives.
 */
export function ProductPicture({ image, alt, sizes, style, loading = 'lazy' }: ProductPictureProps) {
  const webp = srcSetOf(image, 'webp');
  const jpeg = srcSetOf(image, 'jpeg');
  const fill: CSSProperties = { display: 'block', width: '100%', height: '100%', objectFit: 'cover', ...style };
  if (webp === '' || jpeg === '') return <img src={image.url} alt={alt} loading={loading} decoding="async" style={fill} />;
  const fallback = image.srcSet.find((candidate) => candidate.format === 'jpeg')?.url ?? image.url;
  return (
    <picture>
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      <img src={fallback} srcSet={jpeg} sizes={sizes} alt={alt} loading={loading} decoding="async" style={fill} />
    </picture>
  );
}
