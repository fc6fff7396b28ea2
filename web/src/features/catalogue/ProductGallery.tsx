import { PictureOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import { PICTURE_SIZES } from '@shop/contracts';
import { ProductPicture } from '../../components/ProductPicture';
import { shownGalleryImage, type GalleryImage } from './product-presentation';

interface ProductGalleryProps {
  images: GalleryImage[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  /** Read out when the product has no image at all. */
  emptyAlt: string;
}

const THUMBNAIL_SIZE = 64;

/** The main image with a thumbnail strip of the original and every variation; a thumbnail switches the main image. */
export function ProductGallery({ images, selectedKey, onSelect, emptyAlt }: ProductGalleryProps) {
  const { token } = theme.useToken();
  const shown = shownGalleryImage(images, selectedKey);

  return (
    <Flex vertical gap={token.marginSM}>
      <div style={{ aspectRatio: '1 / 1', overflow: 'hidden', borderRadius: token.borderRadiusLG, background: token.colorFillTertiary }}>
        {shown ? (
          <ProductPicture key={shown.key} image={shown.image} alt={shown.alt} sizes={PICTURE_SIZES.productPage} loading="eager" />
        ) : (
          <Flex
            align="center"
            justify="center"
            style={{ height: '100%', fontSize: 64, color: token.colorTextQuaternary }}
            role="img"
            aria-label={emptyAlt}
          >
            <PictureOutlined />
          </Flex>
        )}
      </div>
      {images.length > 1 && (
        <Flex gap={token.marginXS} wrap role="group" aria-label="Product images">
          {images.map((candidate) => {
            const isShown = candidate.key === shown?.key;
            return (
              <button
                key={candidate.key}
                type="button"
                aria-pressed={isShown}
                aria-label={`Show ${candidate.alt}`}
                onClick={() => onSelect(candidate.key)}
                style={{
                  width: THUMBNAIL_SIZE,
                  height: THUMBNAIL_SIZE,
                  padding: 0,
                  overflow: 'hidden',
                  cursor: 'pointer',
                  borderRadius: token.borderRadius,
                  background: token.colorFillTertiary,
                  border: `2px solid ${isShown ? token.colorPrimary : token.colorBorderSecondary}`,
                }}
              >
                <ProductPicture image={candidate.image} alt="" sizes={`${THUMBNAIL_SIZE}px`} />
              </button>
            );
          })}
        </Flex>
      )}
    </Flex>
  );
}
