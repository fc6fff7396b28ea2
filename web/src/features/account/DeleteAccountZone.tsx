import { Alert, Button, Card, Flex, Form, Input, Modal, theme, Typography } from 'antd';
import { useState } from 'react';
import { LIMITS, MESSAGES, type AccountProfile } from '@shop/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PasswordField } from '../auth/CredentialFields';
import { accountDeletionDismissed, accountDeletionRequested } from './account.slice';
import { confirmsAccountEmail, deletionOf } from './profile-form';

interface DeletionFormValues {
  confirmEmail: string;
  password?: string;
}

function DeleteAccountForm({ profile, onKeep }: { profile: AccountProfile; onKeep: () => void }) {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<DeletionFormValues>();
  const typedEmail = Form.useWatch('confirmEmail', form);
  const { isSending, error } = useAppSelector((state) => state.account.deletion);
  return (
    <Form<DeletionFormValues>
      form={form}
      name="account-deletion"
      layout="vertical"
      requiredMark={false}
      onFinish={(typed) => dispatch(accountDeletionRequested(deletionOf(profile, typed)))}
    >
      <Typography.Paragraph>{MESSAGES.accountScreens.deleteExplained}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="confirmEmail"
        label={`Type your e-mail address, ${profile.email}, to confirm`}
        rules={[
          {
            validator: (_rule, typed: string | undefined) =>
              confirmsAccountEmail(typed, profile) ? Promise.resolve() : Promise.reject(new Error(MESSAGES.account.confirmEmailMismatch)),
          },
        ]}
      >
        <Input type="email" autoComplete="off" maxLength={LIMITS.emailMaxLength} />
      </Form.Item>
      {profile.hasPassword && <PasswordField isNew={false} label="Your password" />}
      <Flex justify="end" gap="small" wrap>
        <Button onClick={onKeep}>Keep my account</Button>
        <Button danger type="primary" htmlType="submit" loading={isSending} disabled={!confirmsAccountEmail(typedEmail, profile)}>
          Delete my account for good
        </Button>
      </Flex>
    </Form>
  );
}

/** The danger zone of the Profile tab (Kenya's Data Protection Act): what is erased and what is kept, said before the person confirms. */
export function DeleteAccountZone({ profile }: { profile: AccountProfile }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const [isOpen, setOpen] = useState(false);
  return (
    <Card
      type="inner"
      title={<Typography.Text type="danger">Delete my account</Typography.Text>}
      style={{ borderColor: token.colorErrorBorder }}
    >
      <Typography.Paragraph>{MESSAGES.accountScreens.deleteExplained}</Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Modal
        open={isOpen}
        title="Delete your account?"
        footer={null}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        afterClose={() => dispatch(accountDeletionDismissed())}
      >
        <DeleteAccountForm profile={profile} onKeep={() => setOpen(false)} />
      </Modal>
    </Card>
  );
}
