import { GiftFilled } from '@ant-design/icons';
import { Flex, theme, Typography } from 'antd';
import { SHOP_NAME } from '../app/brand';

/** The shop's mark: a gift in the primary colour beside the name, optionally followed by a suffix ('Admin'). */
export function ShopLogo({ suffix }: { suffix?: string }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={8} style={{ flexShrink: 0 }}>
      <GiftFilled aria-hidden style={{ fontSize: 24, color: token.colorPrimary }} />
      {/* A heading's look, not a heading: in the header of every screen it would come before the screen's own h1. */}
      <Typography.Text
        strong
        style={{
          fontSize: token.fontSizeHeading4,
          lineHeight: token.lineHeightHeading4,
          color: token.colorTextHeading,
          whiteSpace: 'nowrap',
        }}
      >
        {suffix ? `${SHOP_NAME} ${suffix}` : SHOP_NAME}
      </Typography.Text>
    </Flex>
  );
}
