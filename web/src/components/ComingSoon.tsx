import { Empty, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface ComingSoonProps {
  /** What is coming, in the shop's words: 'Products are coming soon'. */
  title: string;
  /** One line on what the screen will do. */
  detail: ReactNode;
  children?: ReactNode;
}

/** The honest stand-in for a screen whose feature has not been built yet. */
export function ComingSoon({ title, detail, children }: ComingSoonProps) {
  return (
    <Flex justify="center" style={{ padding: '32px 0' }}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Flex vertical gap={4} style={{ maxWidth: 360 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            <Typography.Text type="secondary">{detail}</Typography.Text>
          </Flex>
        }
      >
        {children}
      </Empty>
    </Flex>
  );
}
