import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Flex, theme, Typography } from 'antd';
import { Heading } from '../../components/Heading';

/** The checkout's heading block, in the shop's colours. */
export function CheckoutBanner() {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      gap={token.marginXXS}
      style={{
        padding: `${token.paddingLG}px ${token.paddingLG}px`,
        borderRadius: token.borderRadiusLG,
        background: `linear-gradient(120deg, ${token.colorPrimaryBg}, ${token.colorBgContainer})`,
        border: `1px solid ${token.colorPrimaryBorder}`,
      }}
    >
      <Heading level={1} look={2} style={{ margin: 0 }}>
        Checkout
      </Heading>
      <Typography.Text type="secondary">
        <SafetyCertificateOutlined /> Choose where we deliver, check your order, then pay with M-Pesa or PayPal.
      </Typography.Text>
    </Flex>
  );
}
