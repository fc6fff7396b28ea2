import { Alert, Button, Card, Form, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, ROUTES } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmPasswordField, PasswordField } from '../auth/CredentialFields';
import { passwordChangeRequested, type PasswordChange } from './account.slice';

/** The current password, then the new one twice; an account that only signs in with Google has no current one and sets one through a reset link. */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<PasswordChange>();
  const { isSending, error } = useAppSelector((state) => state.account.passwordChange);
  const changes = useAppSelector((state) => state.account.passwordChanges);

  // A changed password leaves no password in the form's fields.
  useEffect(() => {
    if (changes > 0) form.resetFields();
  }, [form, changes]);

  if (!hasPassword) {
    return (
      <Card type="inner" title="Password">
        <Alert
          type="info"
          showIcon
          title={MESSAGES.accountScreens.googleOnlyPassword}
          action={<Link to={ROUTES.forgotPassword}>Forgot password?</Link>}
        />
      </Card>
    );
  }

  return (
    <Card type="inner" title="Change password">
      <Form<PasswordChange>
        form={form}
        name="password-change"
        layout="vertical"
        requiredMark={false}
        onFinish={({ currentPassword, newPassword }) => dispatch(passwordChangeRequested({ currentPassword, newPassword }))}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <PasswordField isNew={false} name="currentPassword" label="Current password" placeholder="Enter your current password" />
        <PasswordField isNew name="newPassword" label="New password" placeholder="Enter a new password" />
        <ConfirmPasswordField of="newPassword" />
        <Typography.Paragraph type="secondary">You stay signed in here; your other devices are signed out.</Typography.Paragraph>
        <Button htmlType="submit" loading={isSending}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
