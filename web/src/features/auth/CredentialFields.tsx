import { Form, Input } from 'antd';
import { LIMITS, MESSAGES } from '@shop/contracts';
import { confirmationRule } from './password-rules';

export function EmailField() {
  return (
    <Form.Item name="email" label="Email" rules={[{ required: true, type: 'email', message: MESSAGES.login.invalidEmail }]}>
      <Input type="email" autoComplete="email" placeholder="Enter your email" maxLength={LIMITS.emailMaxLength} />
    </Form.Item>
  );
}

interface PasswordFieldProps {
  isNew: boolean;
  /** The form field; `password` unless a form holds two (the current one and the new one). */
  name?: string;
  label?: string;
  placeholder?: string;
}

/** A new password must meet the minimum length; a current one only has to be given. */
export function PasswordField({ isNew, name = 'password', label = 'Password', placeholder = 'Enter your password' }: PasswordFieldProps) {
  const rule = isNew
    ? { required: true, min: LIMITS.passwordMinLength, message: MESSAGES.registration.passwordTooShort(LIMITS.passwordMinLength) }
    : { required: true, message: MESSAGES.login.passwordRequired };
  return (
    <Form.Item name={name} label={label} extra={isNew ? `At least ${LIMITS.passwordMinLength} characters` : undefined} rules={[rule]}>
      <Input.Password
        autoComplete={isNew ? 'new-password' : 'current-password'}
        placeholder={placeholder}
        maxLength={LIMITS.passwordMaxLength}
      />
    </Form.Item>
  );
}

/** The new password typed again, checked against the field `of` as the person types. */
export function ConfirmPasswordField({ of }: { of: string }) {
  return (
    <Form.Item
      name={`${of}Again`}
      label="Confirm new password"
      dependencies={[of]}
      rules={[{ required: true, message: MESSAGES.accountScreens.confirmPasswordRequired }, confirmationRule(of)]}
    >
      <Input.Password autoComplete="new-password" placeholder="Type the new password again" maxLength={LIMITS.passwordMaxLength} />
    </Form.Item>
  );
}
