import { skipToken } from '@reduxjs/toolkit/query/react';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES, ROUTES, type SessionUser } from '@shop/contracts';
import { useAppSelector } from '../../app/hooks';
import { returnStateOf } from '../../app/route-guard';
import { messageOfFailure } from '../../app/shop.api';
import { accountTabLink } from '../account/account-tabs';
import { useResendVerificationMutation, useVerifyEmailQuery } from '../account/account.api';
import { homePathFor, selectUser } from './auth.selectors';
import { AuthScreen } from './AuthScreen';
import { linkTokenOf } from './email-link-token';

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
  const [search] = useSearchParams();
  const token = linkTokenOf(search);
  const user = useAppSelector(selectUser);
  // This link's outcome only: while its own post is on the way, another link's is no answer.
  const { currentData: verified, error: refusal } = useVerifyEmailQuery(token ?? skipToken);
  const failure = messageOfFailure(refusal);

  const next = afterVerification(user);
  let outcome;
  if (token === null) {
    outcome = <Alert type="error" showIcon title={MESSAGES.accountScreens.linkIncomplete} />;
  } else if (verified !== undefined) {
    outcome = <Alert type="success" showIcon role="status" title={verified} />;
  } else if (failure) {
    outcome = <Alert type="error" showIcon title={failure} />;
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
        {verified !== undefined && (
          <Flex justify="center">
            <Link to={next.to}>{next.label}</Link>
          </Flex>
        )}
        {(token === null || failure) && (
          <Flex justify="center">
            <NewLinkPath />
          </Flex>
        )}
      </Flex>
    </AuthScreen>
  );
}
