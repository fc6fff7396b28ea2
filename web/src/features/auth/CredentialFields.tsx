import { LIMITS, MESSAGES } from '@shop/contracts';
import { Form, Input } from 'antd';

export function EmailField() {
  return (
    <Form.Item name="email" label="Email" rules={[{ required: true, type: 'email', message: MESSAGES.login.invalidEmail }]}>
      <Input type="email" autoComplete="email" placeholder="Enter your email" maxLength={LIMITS.emailMaxLength} />
    </Form.Item>
  );
}

/** A new password must meet the minimum length; a current one only has to be given. */
export function PasswordField({ isNew }: { isNew: boolean }) {
  const rule = isNew
    ? { required: true, min: LIMITS.passwordMinLength, message: MESSAGES.registration.passwordTooShort(LIMITS.passwordMinLength) }
    : { required: true, message: MESSAGES.login.passwordRequired };
  return (
    <Form.Item name="password" label="Password" extra={isNew ? `At least ${LIMITS.passwordMinLength} characters` : undefined} rules={[rule]}>
      <Input.Password autoComplete={isNew ? 'new-password' : 'current-password'} placeholder="Enter your password" maxLength={LIMITS.passwordMaxLength} />
    </Form.Item>
  );
}
