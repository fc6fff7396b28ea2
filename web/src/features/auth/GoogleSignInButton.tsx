import { GoogleOutlined } from '@ant-design/icons';
import { Button, Divider } from 'antd';
import { useLocation } from 'react-router-dom';
import { AUTH_API_PATHS, GOOGLE_SIGN_IN_RESULT } from '@shop/contracts';
import { rememberedTarget } from '../../app/route-guard';

/**
 * "Continue with Google" is a full-page trip through the api to the provider's account chooser and
 * back (no pop-up to be blocked); the place the guest was going travels along as `returnTo`.
 */
export function GoogleSignInButton() {
  const returnTo = rememberedTarget(useLocation());
  const href = returnTo
    ? `${AUTH_API_PATHS.googleSignIn}?${new URLSearchParams({ [GOOGLE_SIGN_IN_RESULT.returnToParam]: returnTo })}`
    : AUTH_API_PATHS.googleSignIn;
  return (
    <>
      <Divider plain>or</Divider>
      <Button block size="large" icon={<GoogleOutlined />} href={href}>
        Continue with Google
      </Button>
    </>
  );
}
