import { LoginOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { MouseEvent } from 'react';
import { ROUTES } from '@shop/contracts';
import { useGoToSignIn } from './useSignInFirst';

/**
 * A guest's place of the account menu: sign in, or (where the header has room) create an account,
 * both coming back to this page. On a phone it is a round button the size of the avatar it stands
 * for, as the words would push the header past 360 px. Links, so that they open in a new tab as
 * links do; a click in place goes through the router to carry the page to return to.
 */
export function SignInButtons({ isCompact }: { isCompact: boolean }) {
  const goToSignIn = useGoToSignIn();
  const follow = (screen: typeof ROUTES.login | typeof ROUTES.register) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    goToSignIn(screen);
  };
  if (isCompact) {
    return (
      <Button
        type="text"
        shape="circle"
        size="large"
        icon={<UserOutlined aria-hidden />}
        aria-label="Sign in"
        href={ROUTES.login}
        onClick={follow(ROUTES.login)}
      />
    );
  }
  return (
    <Flex align="center" gap="small">
      <Button type="text" href={ROUTES.register} onClick={follow(ROUTES.register)}>
        Create account
      </Button>
      <Button type="primary" icon={<LoginOutlined aria-hidden />} href={ROUTES.login} onClick={follow(ROUTES.login)}>
        Sign in
      </Button>
    </Flex>
  );
}
