import { Carousel, type CarouselRef } from 'antd';
import type { Ref } from 'react';
import { LIMITS, type FeatureImage } from '@shop/contracts';
import { HeroSlide } from './HeroSlide';

/** How long a slide takes to slide in (react-slick's own default). */
const SLIDE_MS = 500;

interface HeroSlidesProps {
  ref: Ref<CarouselRef>;
  items: FeatureImage[];
  isPlaying: boolean;
  reducedMotion: boolean;
  /** The picture on show when the carousel takes over from the still one. */
  initialSlide: number;
}

/**
 * The sliding part of the hero, in a chunk of its own: react-slick is most of its weight, and the
 * first paint, a still picture, needs none of it.
 */
export function HeroSlides({ ref, items, isPlaying, reducedMotion, initialSlide }: HeroSlidesProps) {
  return (
    <Carousel
      ref={ref}
      initialSlide={initialSlide}
      autoplay={isPlaying}
      autoplaySpeed={LIMITS.heroCarouselIntervalMs}
      speed={reducedMotion ? 0 : SLIDE_MS}
      pauseOnFocus
      customPaging={(index) => (
        <button type="button" aria-label={`Show picture ${index + 1}`}>
          {index + 1}
        </button>
      )}
    >
      {items.map((featureImage, index) => (
        <div key={featureImage.id}>
          <HeroSlide featureImage={featureImage} index={index} count={items.length} />
        </div>
      ))}
    </Carousel>
  );
}
