import { Alert, Button, Card, Flex, Form, Input, Modal, theme, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS, MESSAGES, ROUTES, type AccountProfile } from '@shop/contracts';
import { useAppDispatch } from '../../app/hooks';
import { messageOfFailure } from '../../app/shop.api';
import { loggedOut } from '../auth/auth.slice';
import { PasswordField } from '../auth/CredentialFields';
import { useDeleteAccountMutation } from './account.api';
import { confirmsAccountEmail, deletionOf } from './profile-form';

interface DeletionFormValues {
  confirmEmail: string;
  password?: string;
}

/** The dialog's form: closing the dialog destroys it, and the last refusal goes with it. */
function DeleteAccountForm({ profile, onKeep }: { profile: AccountProfile; onKeep: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [form] = Form.useForm<DeletionFormValues>();
  const typedEmail = Form.useWatch('confirmEmail', form);
  const [deleteAccount, { isLoading, error: refusal }] = useDeleteAccountMutation();
  const error = messageOfFailure(refusal);

  const isDeleted = useRef(false);
  /**
   * The api has ended every session of the account by its answer; the session is forgotten here once the page
   * has left for the shop's home, as the form goes: forgotten on the account page, the route guard sends a guest
   * to sign in, and it did so even after the navigation's promise had settled (e2e/account.e2e.ts).
   */
  useEffect(
    () => () => {
      if (isDeleted.current) dispatch(loggedOut());
    },
    [dispatch],
  );
  async function deleteForGood(typed: DeletionFormValues) {
    const deleted = await deleteAccount(deletionOf(profile, typed));
    if (deleted.error) return;
    isDeleted.current = true;
    await navigate(ROUTES.shopHome, { replace: true });
  }

  return (
    <Form<DeletionFormValues>
      form={form}
      name="account-deletion"
      layout="vertical"
      requiredMark={false}
      onFinish={(typed) => void deleteForGood(typed)}
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
        <Button danger type="primary" htmlType="submit" loading={isLoading} disabled={!confirmsAccountEmail(typedEmail, profile)}>
          Delete my account for good
        </Button>
      </Flex>
    </Form>
  );
}

/** The danger zone of the Profile tab (Kenya's Data Protection Act): what is erased and what is kept, said before the person confirms. */
export function DeleteAccountZone({ profile }: { profile: AccountProfile }) {
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
      <Modal open={isOpen} title="Delete your account?" footer={null} destroyOnHidden onCancel={() => setOpen(false)}>
        <DeleteAccountForm profile={profile} onKeep={() => setOpen(false)} />
      </Modal>
    </Card>
  );
}
