import { Alert, Button, Card, Form, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { MESSAGES, ROUTES } from '@shop/contracts';
import { messageOfFailure } from '../../app/shop.api';
import { ConfirmPasswordField, PasswordField } from '../auth/CredentialFields';
import { useChangePasswordMutation, type PasswordChange } from './account.api';

/** The current password, then the new one twice; an account that only signs in with Google has no current one and sets one through a reset link. */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [form] = Form.useForm<PasswordChange>();
  const [changePassword, { isLoading, error: refusal }] = useChangePasswordMutation();
  const error = messageOfFailure(refusal);

  /** The typed confirmation stays here; a changed password leaves no password in the form's fields. */
  async function change({ currentPassword, newPassword }: PasswordChange) {
    const changed = await changePassword({ currentPassword, newPassword });
    if (!changed.error) form.resetFields();
  }

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
        onFinish={(typed) => void change(typed)}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <PasswordField isNew={false} name="currentPassword" label="Current password" placeholder="Enter your current password" />
        <PasswordField isNew name="newPassword" label="New password" placeholder="Enter a new password" />
        <ConfirmPasswordField of="newPassword" />
        <Typography.Paragraph type="secondary">You stay signed in here; your other devices are signed out.</Typography.Paragraph>
        <Button htmlType="submit" loading={isLoading}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
