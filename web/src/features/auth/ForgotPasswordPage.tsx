import '../../styles/antd/sign-in.css';
import { Alert, Button, Form, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ROUTES } from '@shop/contracts';
import { useAppSelector } from '../../app/hooks';
import { messageOfFailure } from '../../app/shop.api';
import { useRequestResetLinkMutation } from '../account/account.api';
import { selectUser } from './auth.selectors';
import { AuthScreen } from './AuthScreen';
import { EmailField } from './CredentialFields';

/** /auth/forgot-password: an e-mail address in, the api's answer out, worded alike whether or not it has an account. */
export function ForgotPasswordPage() {
  const user = useAppSelector(selectUser);
  const [requestResetLink, { data: answer, isLoading, error: refusal }] = useRequestResetLinkMutation();
  const error = messageOfFailure(refusal);

  return (
    <AuthScreen
      title="Forgot your password?"
      switchPrompt={
        <>
          Remembered it? <Link to={ROUTES.login}>Sign in</Link>
        </>
      }
    >
      {answer ? (
        <Alert type="success" showIcon role="status" title={answer} />
      ) : (
        // A signed-in Google shopper setting a first password has the address filled in.
        <Form<{ email: string }>
          layout="vertical"
          size="large"
          requiredMark={false}
          initialValues={{ email: user?.email }}
          onFinish={({ email }) => void requestResetLink({ email })}
        >
          <Typography.Paragraph type="secondary">
            Type the e-mail address of your account, and we will send it a link to set a new password.
          </Typography.Paragraph>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <EmailField />
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            Send me the link
          </Button>
        </Form>
      )}
    </AuthScreen>
  );
}
