import '../../styles/antd/sign-in.css';
import { Button, Flex, Form } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { GOOGLE_SIGN_IN_RESULT, ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectAuthLoading } from './auth.selectors';
import { loginRequested, type Credentials } from './auth.slice';
import { AuthScreen } from './AuthScreen';
import { EmailField, PasswordField } from './CredentialFields';
import { GoogleSignInButton } from './GoogleSignInButton';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const submitting = useAppSelector(selectAuthLoading);
  // Keep where the guest was going when they switch to registering.
  const { state } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();

  // The Google verdict has been toasted at start-up; a reload must not toast it again.
  useEffect(() => {
    if (!searchParams.has(GOOGLE_SIGN_IN_RESULT.errorParam)) return;
    const remaining = new URLSearchParams(searchParams);
    remaining.delete(GOOGLE_SIGN_IN_RESULT.errorParam);
    setSearchParams(remaining, { replace: true, state });
  }, [searchParams, setSearchParams, state]);

  return (
    <AuthScreen
      title="Sign in to your account"
      switchPrompt={
        <>
          Don&apos;t have an account?{' '}
          <Link to={ROUTES.register} state={state}>
            Register
          </Link>
        </>
      }
    >
      <Form<Credentials>
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(credentials) => dispatch(loginRequested(credentials))}
      >
        <EmailField />
        <PasswordField isNew={false} />
        <Flex justify="end" style={{ marginBottom: 16 }}>
          <Link to={ROUTES.forgotPassword}>Forgot password?</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Sign In
        </Button>
      </Form>
      <GoogleSignInButton />
    </AuthScreen>
  );
}
