import { PICTURE_SIZES, type FeatureImage } from '@shop/contracts';
import { SHOP_NAME } from '../../../app/brand';
import { ProductPicture } from '../../../components/ProductPicture';
import { BANNER_ASPECT_RATIO } from '../layout/shop-frame';

interface HeroSlideProps {
  featureImage: FeatureImage;
  index: number;
  count: number;
}

/**
 * One feature image, the same box whether the carousel shows it or it stands alone on the first paint,
 * before the carousel's code has come: nothing moves when the carousel takes over.
 */
export function HeroSlide({ featureImage, index, count }: HeroSlideProps) {
  return (
    <div role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`} style={{ aspectRatio: BANNER_ASPECT_RATIO }}>
      <ProductPicture
        image={featureImage.image}
        alt={`${SHOP_NAME} offer ${index + 1} of ${count}`}
        sizes={PICTURE_SIZES.hero}
        loading={index === 0 ? 'eager' : 'lazy'}
      />
    </div>
  );
}
