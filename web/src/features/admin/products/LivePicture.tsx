import { PictureOutlined, WarningOutlined } from '@ant-design/icons';
import { Flex, Spin, theme, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { MESSAGES, type ImageSet } from '@shop/contracts';
import { ProductPicture } from '../../../components/ProductPicture';
import { useLiveImage } from '../../realtime/useLiveImage';

interface LivePictureProps {
  image: ImageSet | null;
  alt: string;
  sizes: string;
  /** Width over height of the frame. */
  aspectRatio?: CSSProperties['aspectRatio'];
  /** Leaves the status texts out where the frame is too small to read them (an icon still says it). */
  compact?: boolean;
}

function Frame({ aspectRatio, children }: { aspectRatio: CSSProperties['aspectRatio']; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        position: 'relative',
        aspectRatio,
        width: '100%',
        overflow: 'hidden',
        background: token.colorFillTertiary,
        borderRadius: token.borderRadius,
      }}
    >
      {children}
    </div>
  );
}

function LiveImage({ image, alt, sizes, aspectRatio = '1', compact = false }: LivePictureProps & { image: ImageSet }) {
  const { token } = theme.useToken();
  const live = useLiveImage(image);
  const overlay: CSSProperties = {
    position: 'absolute',
    inset: 0,
    padding: 8,
    textAlign: 'center',
    background: `color-mix(in srgb, ${token.colorBgContainer} 78%, transparent)`,
  };

  if (live.status === 'failed') {
    return (
      <Frame aspectRatio={aspectRatio}>
        <Flex
          vertical
          align="center"
          justify="center"
          gap={4}
          role="alert"
          aria-label={`${MESSAGES.products.imageFailed}${live.failureReason ? `: ${live.failureReason}` : ''}`}
          style={overlay}
        >
          <WarningOutlined style={{ color: token.colorError, fontSize: compact ? 18 : 24 }} />
          {!compact && (
            <>
              <Typography.Text type="danger" strong>
                {MESSAGES.products.imageFailed}
              </Typography.Text>
              {live.failureReason && <Typography.Text type="secondary">{live.failureReason}</Typography.Text>}
            </>
          )}
        </Flex>
      </Frame>
    );
  }
  return (
    <Frame aspectRatio={aspectRatio}>
      <ProductPicture image={live} alt={alt} sizes={sizes} />
      {live.status === 'pending' && (
        <Flex vertical align="center" justify="center" gap={4} role="status" aria-label={MESSAGES.products.imageProcessing} style={overlay}>
          <Spin size="small" />
          {!compact && <Typography.Text type="secondary">{MESSAGES.products.imageProcessing}</Typography.Text>}
        </Flex>
      )}
    </Frame>
  );
}

/**
 * An uploaded picture as the admin needs it: the image, a 'processing' veil until the image worker
 * has made its derivatives, and the reason when it could not.
 */
export function LivePicture(props: LivePictureProps) {
  const { token } = theme.useToken();
  if (props.image) return <LiveImage {...props} image={props.image} />;
  return (
    <Frame aspectRatio={props.aspectRatio ?? '1'}>
      <Flex align="center" justify="center" style={{ height: '100%' }}>
        <PictureOutlined aria-label={props.alt} style={{ fontSize: 32, color: token.colorTextQuaternary }} />
      </Flex>
    </Frame>
  );
}
