import '../../styles/antd/sign-in.css';
import { Alert, Button, Form } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES, ROUTES } from '@shop/contracts';
import { messageOfFailure } from '../../app/shop.api';
import { useSetNewPasswordMutation } from '../account/account.api';
import { AuthScreen } from './AuthScreen';
import { ConfirmPasswordField, PasswordField } from './CredentialFields';
import { linkTokenOf } from './email-link-token';

function AskAgainLink() {
  return <Link to={ROUTES.forgotPassword}>Ask for a new link</Link>;
}

/** /auth/reset-password?token=…: a new password, typed twice; then every session of the account is over and sign-in uses the new one. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = linkTokenOf(search);
  const [setNewPassword, { isLoading, error: refusal }] = useSetNewPasswordMutation();
  const error = messageOfFailure(refusal);

  /** The api's words were toasted, and this browser signed out: the sign-in form is where the new password is used. */
  async function setAndSignIn(linkToken: string, password: string) {
    const set = await setNewPassword({ token: linkToken, password });
    if (!set.error) await navigate(ROUTES.login, { replace: true });
  }

  return (
    <AuthScreen title="Set a new password" switchPrompt={<AskAgainLink />}>
      {token === null ? (
        <Alert type="error" showIcon title={MESSAGES.accountScreens.linkIncomplete} action={<AskAgainLink />} />
      ) : (
        <Form<{ password: string }>
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={({ password }) => void setAndSignIn(token, password)}
        >
          {/* A used or expired link is refused with the api's words; asking again is one click away. */}
          {error && <Alert type="error" showIcon title={error} action={<AskAgainLink />} style={{ marginBottom: 16 }} />}
          <PasswordField isNew label="New password" placeholder="Enter a new password" />
          <ConfirmPasswordField of="password" />
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            Set new password
          </Button>
        </Form>
      )}
    </AuthScreen>
  );
}
