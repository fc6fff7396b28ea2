import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES, ROUTES, type SessionUser } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { returnStateOf } from '../../app/route-guard';
import { accountTabLink } from '../account/account-tabs';
import { useResendVerificationMutation } from '../account/account.api';
import { homePathFor, selectUser } from './auth.selectors';
import { AuthScreen } from './AuthScreen';
import { linkTokenOf } from './email-link-token';
import { emailVerificationRequested } from './email-links.slice';

const PROFILE_TAB = accountTabLink('profile');

/** Where a verified reader goes on: a shopper to the Profile tab that now says Verified, an admin home, a guest to sign in. */
function afterVerification(user: SessionUser | null): { to: string; label: string } {
  if (user === null) return { to: ROUTES.login, label: 'Sign in' };
  return { to: user.role === 'admin' ? homePathFor(user) : PROFILE_TAB, label: 'Continue' };
}

/** Where a new link is asked for: the Profile tab of a signed-in shopper, or through sign-in first. */
function NewLinkPath() {
  const user = useAppSelector(selectUser);
  const [resendVerification, { isLoading }] = useResendVerificationMutation();
  if (user) {
    return (
      <Button type="primary" loading={isLoading} onClick={() => void resendVerification()}>
        {MESSAGES.accountScreens.resendVerification}
      </Button>
    );
  }
  return (
    <Link to={ROUTES.login} state={returnStateOf(new URL(PROFILE_TAB, window.location.origin))}>
      Sign in to ask for a new link
    </Link>
  );
}

/** /auth/verify-email?token=…: the token is posted once, in whichever browser the mail was read; the page says how it went. */
export function VerifyEmailPage() {
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const token = linkTokenOf(search);
  const user = useAppSelector(selectUser);
  const verification = useAppSelector((state) => state.emailLinks.verification);
  // Until the saga has taken this page's token, what the store holds is another link's outcome.
  const status = verification.token === token ? verification.status : 'verifying';

  useEffect(() => {
    if (token !== null) dispatch(emailVerificationRequested(token));
  }, [dispatch, token]);

  const next = afterVerification(user);
  let outcome;
  if (token === null) {
    outcome = <Alert type="error" showIcon title={MESSAGES.accountScreens.linkIncomplete} />;
  } else if (status === 'verified') {
    outcome = <Alert type="success" showIcon role="status" title={verification.message} />;
  } else if (status === 'failed') {
    outcome = <Alert type="error" showIcon title={verification.message} />;
  } else {
    outcome = (
      <Flex gap="small" align="center" justify="center" role="status">
        <Spin />
        <Typography.Text>{MESSAGES.accountScreens.verifying}</Typography.Text>
      </Flex>
    );
  }

  return (
    <AuthScreen title="Verify your e-mail" switchPrompt="The link from the e-mail we sent you">
      <Flex vertical gap="middle" align="stretch">
        {outcome}
        {status === 'verified' && (
          <Flex justify="center">
            <Link to={next.to}>{next.label}</Link>
          </Flex>
        )}
        {(token === null || status === 'failed') && (
          <Flex justify="center">
            <NewLinkPath />
          </Flex>
        )}
      </Flex>
    </AuthScreen>
  );
}
