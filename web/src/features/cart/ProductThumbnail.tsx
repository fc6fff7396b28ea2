import { PictureOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ImageSet } from '@shop/contracts';
import { ProductPicture } from '../../components/ProductPicture';

const THUMBNAIL_PX = 64;

/** A product's small square picture in the cart and wishlist sheets and the checkout's lines; decorative, as the title is written beside it. */
export function ProductThumbnail({ image, size = THUMBNAIL_PX }: { image: ImageSet | null; size?: number }) {
  const { token } = theme.useToken();
  const frame = {
    width: size,
    height: size,
    flexShrink: 0,
    borderRadius: token.borderRadius,
    overflow: 'hidden',
    background: token.colorFillTertiary,
  };
  if (!image) {
    return (
      <Flex align="center" justify="center" aria-hidden style={{ ...frame, fontSize: size * 0.375, color: token.colorTextQuaternary }}>
        <PictureOutlined />
      </Flex>
    );
  }
  return (
    <div style={frame}>
      <ProductPicture image={image} alt="" sizes={`${size}px`} />
    </div>
  );
}
