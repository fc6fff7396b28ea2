import { ClockCircleOutlined, EnvironmentOutlined, PhoneOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Collapse, Flex, Skeleton, theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { EXPRESS_DELIVERY_NOTE, telLink, type ShopInfo } from '@shop/contracts';
import { useShopInfo, type ShopInfoView } from '../../shop-info/useShopInfo';
import { SHOP_CONTENT_MAX_WIDTH } from './shop-frame';

const CONTACT_LABEL = 'Contact us';

/** The configured details: a placeholder of about their size while they load, so the strip does not jump; nothing when they could not be had. */
function ConfiguredFacts({ info, isLoading, text }: { info: ShopInfo | null; isLoading: boolean; text: CSSProperties }) {
  if (info === null) return isLoading ? <Skeleton.Input active size="small" style={{ width: 320 }} /> : null;
  return (
    <>
      <Typography.Link href={telLink(info.phone)} strong style={text}>
        <PhoneOutlined aria-hidden /> {info.phone}
      </Typography.Link>
      <Typography.Text style={text}>
        <ClockCircleOutlined aria-hidden /> Open {info.openingHours}
      </Typography.Text>
      <Typography.Text style={text}>
        <EnvironmentOutlined aria-hidden /> {info.address}
      </Typography.Text>
    </>
  );
}

function ContactFacts({
  shopInfo: { info, isLoading },
  vertical,
  textColour,
}: {
  shopInfo: ShopInfoView;
  vertical: boolean;
  textColour: string;
}) {
  const text: CSSProperties = { color: textColour, fontSize: vertical ? undefined : 13 };
  return (
    <Flex vertical={vertical} wrap align={vertical ? 'flex-start' : 'center'} gap={vertical ? 8 : 20} aria-busy={isLoading}>
      <ConfiguredFacts info={info} isLoading={isLoading} text={text} />
      <Typography.Text style={text}>
        <ThunderboltOutlined aria-hidden /> {EXPRESS_DELIVERY_NOTE}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The shop's phone number, hours and address (from the api's configuration) and the express
 * delivery note (docs/product.md, Shop frame): a slim bar above the header on large screens, folded away on phones
 * where the header has no room to spare. The details are asked for at once, folded or not, so that
 * unfolding shows them.
 */
export function ContactStrip({ collapsible }: { collapsible: boolean }) {
  const { token } = theme.useToken();
  const shopInfo = useShopInfo();

  if (collapsible) {
    return (
      <section aria-label={CONTACT_LABEL}>
        <Collapse
          size="small"
          bordered={false}
          style={{ borderRadius: 0, background: token.colorPrimaryBg }}
          items={[
            {
              key: 'contact',
              label: (
                <Typography.Text strong>
                  <PhoneOutlined aria-hidden /> Call us · hours &amp; delivery
                </Typography.Text>
              ),
              children: <ContactFacts shopInfo={shopInfo} vertical textColour={token.colorText} />,
            },
          ]}
        />
      </section>
    );
  }

  return (
    <section aria-label={CONTACT_LABEL} style={{ background: token.colorPrimary, paddingBlock: 6, paddingInline: 16 }}>
      <Flex justify="center" style={{ maxWidth: SHOP_CONTENT_MAX_WIDTH, marginInline: 'auto' }}>
        <ContactFacts shopInfo={shopInfo} vertical={false} textColour={token.colorWhite} />
      </Flex>
    </section>
  );
}
