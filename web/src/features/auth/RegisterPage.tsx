import '../../styles/antd/sign-in.css';
import { Button, Form, Input } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { LIMITS, MESSAGES, ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectAuthLoading } from './auth.selectors';
import { registrationRequested, type Registration } from './auth.slice';
import { AuthScreen } from './AuthScreen';
import { EmailField, PasswordField } from './CredentialFields';
import { GoogleSignInButton } from './GoogleSignInButton';

export function RegisterPage() {
  const dispatch = useAppDispatch();
  const submitting = useAppSelector(selectAuthLoading);
  const { state } = useLocation();

  return (
    <AuthScreen
      title="Create new account"
      switchPrompt={
        <>
          Already have an account?{' '}
          <Link to={ROUTES.login} state={state}>
            Login
          </Link>
        </>
      }
    >
      <Form<Registration>
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(registration) => dispatch(registrationRequested(registration))}
      >
        <Form.Item
          name="userName"
          label="User Name"
          rules={[{ required: true, whitespace: true, message: MESSAGES.registration.userNameRequired }]}
        >
          <Input autoComplete="username" placeholder="Enter your user name" maxLength={LIMITS.userNameMaxLength} />
        </Form.Item>
        <EmailField />
        <PasswordField isNew />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Sign Up
        </Button>
      </Form>
      <GoogleSignInButton />
    </AuthScreen>
  );
}
