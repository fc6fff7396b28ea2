import type { CSSProperties } from 'react';
import { pictureSourcesOf, type ImageSet } from '@shop/contracts';

interface ProductPictureProps {
  image: ImageSet;
  alt: string;
  /** How wide the picture shows, for the browser to pick a derivative (the `sizes` attribute). */
  sizes: string;
  style?: CSSProperties;
  /**
   * 'eager' for the picture the first screen paints largest (the hero's first slide, a product page's
   * main picture): fetched at once and before other images. Every other picture waits until it nears the screen.
   */
  loading?: 'lazy' | 'eager';
}

/**
 * An uploaded image at the size the screen needs: WebP where the browser takes it, JPEG otherwise,
 * and the original until the image worker has made the derivatives.
 */
export function ProductPicture({ image, alt, sizes, style, loading = 'lazy' }: ProductPictureProps) {
  const sources = pictureSourcesOf(image);
  const fill: CSSProperties = { display: 'block', width: '100%', height: '100%', objectFit: 'cover', ...style };
  // The largest paint is decoded with the frame that shows it; the others off the main thread, whenever ready.
  const timing = loading === 'eager' ? ({ loading, fetchPriority: 'high' } as const) : ({ loading, decoding: 'async' } as const);
  if ('original' in sources) return <img src={sources.original} alt={alt} {...timing} style={fill} />;
  return (
    <picture>
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img src={sources.fallback} srcSet={sources.jpeg} sizes={sizes} alt={alt} {...timing} style={fill} />
    </picture>
  );
}
