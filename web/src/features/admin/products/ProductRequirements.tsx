import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Card, Flex, theme, Typography } from 'antd';
import type { Requirement } from './product-form';

/** The product sheet's checklist (docs/product.md, Admin): what still stands between the admin and the submit button. */
export function ProductRequirements({ requirements }: { requirements: Requirement[] }) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title="Requirements" styles={{ body: { paddingBlock: 8 } }}>
      <Flex component="ul" vertical gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {requirements.map((requirement) => (
          <Flex component="li" key={requirement.key} align="center" gap={8}>
            {requirement.met ? (
              <CheckCircleFilled aria-label="met" style={{ color: token.colorSuccess }} />
            ) : (
              <CloseCircleFilled aria-label="not met" style={{ color: token.colorError }} />
            )}
            <Typography.Text type={requirement.met ? 'secondary' : undefined}>{requirement.text}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
