import { ClockCircleOutlined, EnvironmentOutlined, PhoneOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Collapse, Flex, theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { SHOP_CONTACT } from '../../../app/brand';
import { SHOP_CONTENT_MAX_WIDTH } from './shop-frame';

const CONTACT_LABEL = 'Contact us';

function ContactFacts({ vertical, textColour }: { vertical: boolean; textColour: string }) {
  const text: CSSProperties = { color: textColour, fontSize: vertical ? undefined : 13 };
  return (
    <Flex vertical={vertical} wrap align={vertical ? 'flex-start' : 'center'} gap={vertical ? 8 : 20}>
      <Typography.Link href={SHOP_CONTACT.phoneLink} strong style={text}>
        <PhoneOutlined aria-hidden /> {SHOP_CONTACT.phone}
      </Typography.Link>
      <Typography.Text style={text}>
        <ClockCircleOutlined aria-hidden /> Open {SHOP_CONTACT.openingHours}
      </Typography.Text>
      <Typography.Text style={text}>
        <EnvironmentOutlined aria-hidden /> {SHOP_CONTACT.location}
      </Typography.Text>
      <Typography.Text style={text}>
        <ThunderboltOutlined aria-hidden /> {SHOP_CONTACT.expressDeliveryNote}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The shop's phone number, hours, location and express delivery note (spec §1): a slim bar above
 * the header on large screens, folded away on phones where the header has no room to spare.
 */
export function ContactStrip({ collapsible }: { collapsible: boolean }) {
  const { token } = theme.useToken();

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
              children: <ContactFacts vertical textColour={token.colorText} />,
            },
          ]}
        />
      </section>
    );
  }

  return (
    <section aria-label={CONTACT_LABEL} style={{ background: token.colorPrimary, paddingBlock: 6, paddingInline: 16 }}>
      <Flex justify="center" style={{ maxWidth: SHOP_CONTENT_MAX_WIDTH, marginInline: 'auto' }}>
        <ContactFacts vertical={false} textColour={token.colorWhite} />
      </Flex>
    </section>
  );
}
