import { GiftFilled, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { LIMITS } from '@shop/contracts';
import { Button, Carousel, Flex, Grid, Skeleton, theme, Typography, type CarouselRef } from 'antd';
import { useEffect, useRef, type CSSProperties } from 'react';
import { SHOP_NAME } from '../../../app/brand';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ProductPicture } from '../../../components/ProductPicture';
import { featureImagesRequested } from '../../feature-images/featureImages.slice';
import { useOpenListing } from './ListingLink';

/**
 * Feature images are wide banners (the shop's own are 1600 × 600). One shape on every screen keeps
 * their words whole on a phone, where a taller frame would crop the sides away.
 */
const BANNER_ASPECT_RATIO = '8 / 3';

/** What the shop says when the admin has put up no feature images (or they could not be loaded). */
function WelcomeBanner() {
  const { token } = theme.useToken();
  const isWide = Grid.useBreakpoint().md === true;
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
        <Typography.Title level={isWide ? 1 : 3} style={{ color: token.colorWhite, margin: 0 }}>
          Welcome to {SHOP_NAME}
        </Typography.Title>
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

/** The home page's feature images, one every 15 seconds, with previous and next buttons (spec §2 /shop/home, §9). */
export function HeroCarousel() {
  const dispatch = useAppDispatch();
  const { items, isLoading } = useAppSelector((state) => state.featureImages);
  const { token } = theme.useToken();
  const carousel = useRef<CarouselRef>(null);
  const isWide = Grid.useBreakpoint().md === true;

  useEffect(() => {
    dispatch(featureImagesRequested());
  }, [dispatch]);

  if (isLoading && items.length === 0) {
    return <Skeleton.Node active style={{ width: '100%', height: 'auto', aspectRatio: BANNER_ASPECT_RATIO, borderRadius: token.borderRadiusLG }} />;
  }
  if (items.length === 0) return <WelcomeBanner />;

  // On a phone the buttons sit low, beside the dots, where they hide less of the banner's words.
  const arrow = (side: 'insetInlineStart' | 'insetInlineEnd'): CSSProperties =>
    isWide ? { position: 'absolute', top: '50%', [side]: 12, transform: 'translateY(-50%)', opacity: 0.85 } : { position: 'absolute', bottom: 6, [side]: 6, opacity: 0.85 };
  const arrowSize = isWide ? 'middle' : 'small';
  return (
    <section aria-label="Featured offers" style={{ position: 'relative', borderRadius: token.borderRadiusLG, overflow: 'hidden' }}>
      <Carousel ref={carousel} autoplay autoplaySpeed={LIMITS.heroCarouselIntervalMs}>
        {items.map((featureImage, index) => (
          <div key={featureImage.id}>
            <div style={{ aspectRatio: BANNER_ASPECT_RATIO }}>
              <ProductPicture image={featureImage.image} alt={`${SHOP_NAME} offer ${index + 1} of ${items.length}`} sizes="100vw" loading={index === 0 ? 'eager' : 'lazy'} />
            </div>
          </div>
        ))}
      </Carousel>
      {items.length > 1 && (
        <>
          <Button shape="circle" size={arrowSize} icon={<LeftOutlined />} aria-label="Previous picture" onClick={() => carousel.current?.prev()} style={arrow('insetInlineStart')} />
          <Button shape="circle" size={arrowSize} icon={<RightOutlined />} aria-label="Next picture" onClick={() => carousel.current?.next()} style={arrow('insetInlineEnd')} />
        </>
      )}
    </section>
  );
}
