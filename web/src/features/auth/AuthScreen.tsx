import { ArrowLeftOutlined } from '@ant-design/icons';
import { Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ROUTES } from '@shop/contracts';
import { isOpenToGuests, pathnameOf, rememberedTarget } from '../../app/route-guard';
import { useScreens } from '../../app/useScreens';
import { Heading } from '../../components/Heading';
import { ShopLogo } from '../../components/ShopLogo';

interface AuthScreenProps {
  title: string;
  /** The line under the title that links to the other auth screen. */
  switchPrompt: ReactNode;
  children: ReactNode;
}

/** Guests may browse (docs/product.md, Roles and access): one who would rather not sign in yet goes back to the page they came from, if it is open to them. */
function BackToShopLink() {
  const remembered = rememberedTarget(useLocation());
  const { token } = theme.useToken();
  const target = remembered !== undefined && isOpenToGuests(pathnameOf(remembered)) ? remembered : ROUTES.shopHome;
  return (
    <Link to={target} style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXS }}>
      <ArrowLeftOutlined aria-hidden />
      Back to the shop
    </Link>
  );
}

/** Title, switch link and form area shared by the sign-in and registration screens. */
export function AuthScreen({ title, switchPrompt, children }: AuthScreenProps) {
  // The welcome panel is hidden below `lg`, so the shop's name moves above the title there.
  const showsWelcomePanel = useScreens().lg === true;
  return (
    <Flex vertical gap="large" style={{ width: '100%', maxWidth: 420 }}>
      <Flex vertical align="center" gap={4}>
        {!showsWelcomePanel && (
          <div style={{ marginBottom: 16 }}>
            <ShopLogo />
          </div>
        )}
        <Heading level={1} look={2} style={{ margin: 0, textAlign: 'center' }}>
          {title}
        </Heading>
        <Typography.Text type="secondary">{switchPrompt}</Typography.Text>
      </Flex>
      {children}
      <Flex justify="center">
        <BackToShopLink />
      </Flex>
    </Flex>
  );
}
