import { EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, theme, Typography } from 'antd';
import { MESSAGES, type Address } from '@shop/contracts';
import { formatKenyanMobile } from '@shop/contracts/phone';

/** Where the order goes: the chosen address, or the call to choose one (docs/product.md, Checkout). */
export function DeliverySummary({ address }: { address: Address | null }) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title="Deliver to">
      {address === null ? (
        <Alert type="warning" showIcon title={MESSAGES.address.selectToContinue} />
      ) : (
        <Flex vertical gap={token.marginXXS} data-testid="selected-address">
          <Typography.Text strong>
            <EnvironmentOutlined /> {address.address}
          </Typography.Text>
          <Typography.Text type="secondary">
            <PhoneOutlined /> {formatKenyanMobile(address.phone)}
          </Typography.Text>
          {address.notes !== '' && <Typography.Text type="secondary">{address.notes}</Typography.Text>}
        </Flex>
      )}
    </Card>
  );
}
