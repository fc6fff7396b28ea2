import { CaretRightOutlined, GiftFilled, LeftOutlined, PauseOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, theme, Typography, type CarouselRef } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { FeatureImage } from '@shop/contracts';
import { SHOP_NAME } from '../../../app/brand';
import { SERVER_READ_FRESH_S } from '../../../app/server-state';
import { usePrefersReducedMotion } from '../../../app/theme';
import { useScreens } from '../../../app/useScreens';
import { Heading } from '../../../components/Heading';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';
import { useGetFeatureImagesQuery } from '../../feature-images/feature-images.api';
import { BANNER_ASPECT_RATIO } from '../layout/shop-frame';
import { HeroSlide } from './HeroSlide';
import type { HeroSlides } from './HeroSlides';
import { useOpenListing } from './ListingLink';

/** What the shop says when the admin has put up no feature images (or they could not be loaded). */
function WelcomeBanner() {
  const { token } = theme.useToken();
  const isWide = useScreens().md === true;
  const openListing = useOpenListing();

  return (
    <Flex
      align="center"
      justify="space-between"
      gap={24}
      style={{
        aspectRatio: isWide ? BANNER_ASPECT_RATIO : undefined,
        padding: isWide ? 56 : 24,
        borderRadius: token.borderRadiusLG,
        // White words need the deep orange behind them; the bright end only shows where no words are.
        background: isWide
          ? `linear-gradient(110deg, ${token.colorPrimary} 0%, ${token.colorPrimary} 45%, ${token.orange5} 75%, ${token.gold5} 100%)`
          : `linear-gradient(120deg, ${token.colorPrimary} 0%, ${token.volcano7} 100%)`,
      }}
    >
      <Flex vertical gap={12}>
        <Heading level={1} look={isWide ? 1 : 3} style={{ color: token.colorWhite, margin: 0 }}>
          Welcome to {SHOP_NAME}
        </Heading>
        <Typography.Text style={{ color: token.colorWhite, fontSize: token.fontSizeLG, maxWidth: 520 }}>
          Toys, games and party fun for every age, picked by a Nairobi family for yours.
        </Typography.Text>
        <div>
          <Button size="large" onClick={() => openListing(null)}>
            Start shopping
          </Button>
        </div>
      </Flex>
      {isWide && <GiftFilled aria-hidden style={{ fontSize: 200, color: token.colorWhite, opacity: 0.35, marginInlineEnd: 48 }} />}
    </Flex>
  );
}

const NO_PICTURES: FeatureImage[] = [];

/**
 * The home page's feature images, one every 15 seconds, with previous and next buttons (docs/product.md, Catalogue)
 * and a pause button (WCAG 2.2.2). A person who asked their device for less motion gets still pictures
 * that change only when asked, and then without sliding.
 *
 * The first paint is the picture on show, still: the carousel's code (react-slick) comes in its own
 * chunk once that picture is on screen, and only when there is more than one.
 */
export function HeroCarousel() {
  // Asked again on each visit of the home, but not right after the server (or the shell) handed over the ones it painted.
  const { data: items = NO_PICTURES, isLoading } = useGetFeatureImagesQuery(undefined, {
    refetchOnMountOrArgChange: SERVER_READ_FRESH_S,
  });
  const { token } = theme.useToken();
  const frame = useRef<HTMLElement>(null);
  const carousel = useRef<CarouselRef>(null);
  const [Slides, setSlides] = useState<typeof HeroSlides | null>(null);
  const [startSlide, setStartSlide] = useState(0);
  const isWide = useScreens().md === true;
  const reducedMotion = usePrefersReducedMotion();
  // Until the shopper presses pause or play, the device's motion setting decides.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const isPlaying = playChoice ?? !reducedMotion;

  const hasSeveral = items.length > 1;

  useEffect(() => {
    if (!hasSeveral) return;
    let isMounted = true;
    // The picture is the page's largest paint: on a slow line the carousel's code waits for it rather than share the line.
    // A picture that fails holds nothing up; code that fails leaves the still picture, which the arrows still change.
    void Promise.resolve(frame.current?.querySelector('img')?.decode())
      .catch(() => undefined)
      .then(() => import('./HeroSlides'))
      .then(
        (module) => {
          if (isMounted) setSlides(() => module.HeroSlides);
        },
        () => undefined,
      );
    return () => {
      isMounted = false;
    };
  }, [hasSeveral]);

  if (isLoading && items.length === 0) {
    return (
      <Skeleton.Node
        active
        style={{ width: '100%', height: 'auto', aspectRatio: BANNER_ASPECT_RATIO, borderRadius: token.borderRadiusLG }}
      />
    );
  }
  if (items.length === 0) return <WelcomeBanner />;

  // On a phone the buttons sit low, beside the dots, where they hide less of the banner's words.
  const arrow = (side: 'insetInlineStart' | 'insetInlineEnd'): CSSProperties =>
    isWide
      ? { position: 'absolute', top: '50%', [side]: 12, transform: 'translateY(-50%)', opacity: 0.85 }
      : { position: 'absolute', bottom: 6, [side]: 6, opacity: 0.85 };
  const arrowSize = isWide ? 'middle' : 'small';
  // The feature images may have been fetched again, fewer, since an arrow was pressed.
  const shown = startSlide < items.length ? startSlide : 0;
  // Until the carousel's code has come, the arrows change the still picture, and the carousel starts from it.
  const showPrevious = () => (carousel.current ? carousel.current.prev() : setStartSlide((shown - 1 + items.length) % items.length));
  const showNext = () => (carousel.current ? carousel.current.next() : setStartSlide((shown + 1) % items.length));
  // Bottom right on a wide screen; on a phone, beside the next button in the bottom row. Lifted above
  // the slides, which come after it (for the Tab order) and would otherwise paint over it.
  const pauseStyle: CSSProperties = isWide
    ? { position: 'absolute', zIndex: 1, bottom: 12, insetInlineEnd: 12, opacity: 0.85 }
    : { position: 'absolute', zIndex: 1, bottom: 6, insetInlineEnd: 12 + token.controlHeightSM, opacity: 0.85 };
  return (
    <section
      ref={frame}
      aria-label="Featured offers"
      aria-roledescription="carousel"
      style={{ position: 'relative', borderRadius: token.borderRadiusLG, overflow: 'hidden' }}
    >
      {/* The pictures carry the shop's name for the eye; the page's h1 says it for screen readers. */}
      <Heading level={1} style={VISUALLY_HIDDEN}>
        {SHOP_NAME}
      </Heading>
      {/* Before the pictures in the Tab order: whoever the motion bothers reaches the pause first. */}
      {hasSeveral && (
        <Button
          shape="circle"
          size={arrowSize}
          icon={isPlaying ? <PauseOutlined /> : <CaretRightOutlined />}
          aria-label={isPlaying ? 'Pause the pictures' : 'Play the pictures'}
          onClick={() => setPlayChoice(!isPlaying)}
          style={pauseStyle}
        />
      )}
      {Slides && hasSeveral ? (
        <Slides ref={carousel} items={items} isPlaying={isPlaying} reducedMotion={reducedMotion} initialSlide={shown} />
      ) : (
        <HeroSlide featureImage={items[shown]} index={shown} count={items.length} />
      )}
      {hasSeveral && (
        <>
          <Button
            shape="circle"
            size={arrowSize}
            icon={<LeftOutlined />}
            aria-label="Previous picture"
            onClick={showPrevious}
            style={arrow('insetInlineStart')}
          />
          <Button
            shape="circle"
            size={arrowSize}
            icon={<RightOutlined />}
            aria-label="Next picture"
            onClick={showNext}
            style={arrow('insetInlineEnd')}
          />
        </>
      )}
    </section>
  );
}
