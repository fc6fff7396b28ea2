import { LIMITS, MESSAGES, ROUTES } from '@shop/contracts';
import { Button, Form, Input } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectAuthLoading } from './auth.selectors';
import { registrationRequested, type Registration } from './auth.slice';
import { AuthScreen } from './AuthScreen';
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
      <Form<Registration> layout="vertical" size="large" requiredMark={false} onFinish={(registration) => dispatch(registrationRequested(registration))}>
        <Form.Item name="userName" label="User Name" rules={[{ required: true, whitespace: true, message: MESSAGES.registration.userNameRequired }]}>
          <Input autoComplete="username" placeholder="Enter your user name" maxLength={LIMITS.userNameMaxLength} />
        </Form.Item>
        <Form.Item name="email" label="Email" rules={[{ required: true, type: 'email', message: MESSAGES.login.invalidEmail }]}>
          <Input type="email" autoComplete="email" placeholder="Enter your email" maxLength={LIMITS.emailMaxLength} />
        </Form.Item>
        <Form.Item
          name="password"
          label="Password"
          extra={`At least ${LIMITS.passwordMinLength} characters`}
          rules={[{ required: true, min: LIMITS.passwordMinLength, message: MESSAGES.registration.passwordTooShort(LIMITS.passwordMinLength) }]}
        >
          <Input.Password autoComplete="new-password" placeholder="Enter your password" maxLength={LIMITS.passwordMaxLength} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Sign Up
        </Button>
      </Form>
      <GoogleSignInButton />
    </AuthScreen>
  );
}
