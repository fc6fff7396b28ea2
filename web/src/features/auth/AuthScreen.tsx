import { Flex, Grid, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ShopLogo } from '../../components/ShopLogo';

interface AuthScreenProps {
  title: string;
  /** The line under the title that links to the other auth screen. */
  switchPrompt: ReactNode;
  children: ReactNode;
}

/** Title, switch link and form area shared by the sign-in and registration screens. */
export function AuthScreen({ title, switchPrompt, children }: AuthScreenProps) {
  // The welcome panel is hidden below `lg`, so the shop's name moves above the title there.
  const showsWelcomePanel = Grid.useBreakpoint().lg === true;
  return (
    <Flex vertical gap="large" style={{ width: '100%', maxWidth: 420 }}>
      <Flex vertical align="center" gap={4}>
        {!showsWelcomePanel && (
          <div style={{ marginBottom: 16 }}>
            <ShopLogo />
          </div>
        )}
        <Typography.Title level={2} style={{ margin: 0, textAlign: 'center' }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{switchPrompt}</Typography.Text>
      </Flex>
      {children}
    </Flex>
  );
}
