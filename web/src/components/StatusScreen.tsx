import { CloseCircleFilled, CompassOutlined, LockOutlined } from '@ant-design/icons';
import { Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Heading } from './Heading';

/** Where the visitor stands, each with its icon. */
type Standing = 'error' | 'not-found' | 'forbidden';

const ICONS: Record<Standing, typeof CloseCircleFilled> = {
  error: CloseCircleFilled,
  'not-found': CompassOutlined,
  forbidden: LockOutlined,
};

interface StatusScreenProps {
  standing: Standing;
  title: string;
  subTitle: ReactNode;
  action: ReactNode;
}

/**
 * A whole screen that only tells where the visitor stands (not found, not allowed, broken): its own main
 * landmark and h1. Plain parts rather than antd's Result, whose illustrations would weigh on the first
 * download: the router's error screen must be there before anything else can fail.
 */
export function StatusScreen({ standing, title, subTitle, action }: StatusScreenProps) {
  const { token } = theme.useToken();
  const Icon = ICONS[standing];
  return (
    <Flex
      component="main"
      vertical
      align="center"
      justify="center"
      gap="middle"
      style={{ minHeight: '100vh', padding: 16, textAlign: 'center' }}
    >
      <Icon aria-hidden style={{ fontSize: 72, color: standing === 'error' ? token.colorError : token.colorTextTertiary }} />
      <Heading level={1} look={3} style={{ margin: 0 }}>
        {title}
      </Heading>
      <Typography.Text type="secondary">{subTitle}</Typography.Text>
      {action}
    </Flex>
  );
}
