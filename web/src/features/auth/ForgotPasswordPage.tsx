import { Alert, Button, Form, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from './auth.selectors';
import { AuthScreen } from './AuthScreen';
import { EmailField } from './CredentialFields';
import { emailLinkFormLeft, passwordResetLinkRequested } from './email-links.slice';

/** /auth/forgot-password: an e-mail address in, the api's answer out, worded alike whether or not it has an account. */
export function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { isSending, done, error } = useAppSelector((state) => state.emailLinks.forgotPassword);

  useEffect(
    () => () => {
      dispatch(emailLinkFormLeft());
    },
    [dispatch],
  );

  return (
    <AuthScreen
      title="Forgot your password?"
      switchPrompt={
        <>
          Remembered it? <Link to={ROUTES.login}>Sign in</Link>
        </>
      }
    >
      {done ? (
        <Alert type="success" showIcon role="status" title={done} />
      ) : (
        // A signed-in Google shopper setting a first password has the address filled in.
        <Form<{ email: string }>
          layout="vertical"
          size="large"
          requiredMark={false}
          initialValues={{ email: user?.email }}
          onFinish={({ email }) => dispatch(passwordResetLinkRequested({ email }))}
        >
          <Typography.Paragraph type="secondary">
            Type the e-mail address of your account, and we will send it a link to set a new password.
          </Typography.Paragraph>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <EmailField />
          <Button type="primary" htmlType="submit" block loading={isSending}>
            Send me the link
          </Button>
        </Form>
      )}
    </AuthScreen>
  );
}
