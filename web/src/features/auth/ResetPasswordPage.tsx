import { Alert, Button, Form } from 'antd';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { MESSAGES, ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { AuthScreen } from './AuthScreen';
import { ConfirmPasswordField, PasswordField } from './CredentialFields';
import { linkTokenOf } from './email-link-token';
import { emailLinkFormLeft, newPasswordRequested } from './email-links.slice';

function AskAgainLink() {
  return <Link to={ROUTES.forgotPassword}>Ask for a new link</Link>;
}

/** /auth/reset-password?token=…: a new password, typed twice; then every session of the account is over and sign-in uses the new one. */
export function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const token = linkTokenOf(search);
  const { isSending, done, error } = useAppSelector((state) => state.emailLinks.resetPassword);

  useEffect(
    () => () => {
      dispatch(emailLinkFormLeft());
    },
    [dispatch],
  );

  // The api's words were toasted: the sign-in form is where the new password is used.
  if (done) return <Navigate to={ROUTES.login} replace />;

  return (
    <AuthScreen title="Set a new password" switchPrompt={<AskAgainLink />}>
      {token === null ? (
        <Alert type="error" showIcon title={MESSAGES.accountScreens.linkIncomplete} action={<AskAgainLink />} />
      ) : (
        <Form<{ password: string }>
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={({ password }) => dispatch(newPasswordRequested({ token, password }))}
        >
          {/* A used or expired link is refused with the api's words; asking again is one click away. */}
          {error && <Alert type="error" showIcon title={error} action={<AskAgainLink />} style={{ marginBottom: 16 }} />}
          <PasswordField isNew label="New password" placeholder="Enter a new password" />
          <ConfirmPasswordField of="password" />
          <Button type="primary" htmlType="submit" block loading={isSending}>
            Set new password
          </Button>
        </Form>
      )}
    </AuthScreen>
  );
}
