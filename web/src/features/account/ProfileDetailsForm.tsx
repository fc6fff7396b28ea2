import { Button, Card, Flex, Form, Input, Switch, Tag, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { LIMITS, MESSAGES, type AccountProfile } from '@shop/contracts';
import { useResendVerificationMutation, useUpdateProfileMutation } from './account.api';
import { PROFILE_PHONE_RULE, profileChangesOf, profileFormValuesOf, type ProfileFormValues } from './profile-form';

function EmailVerification({ profile }: { profile: AccountProfile }) {
  const [resendVerification, { isLoading }] = useResendVerificationMutation();
  return (
    <Flex gap="small" align="center" wrap>
      <Tag color={profile.emailVerified ? 'success' : 'warning'}>
        {profile.emailVerified ? MESSAGES.accountScreens.emailVerified : MESSAGES.accountScreens.emailNotVerified}
      </Tag>
      {!profile.emailVerified && (
        <Button size="small" loading={isLoading} onClick={() => void resendVerification()}>
          {MESSAGES.accountScreens.resendVerification}
        </Button>
      )}
    </Flex>
  );
}

/** Name, the phone SMS about orders go to, the e-mail and whether it is verified, and which messages to receive. */
export function ProfileDetailsForm({ profile }: { profile: AccountProfile }) {
  const [form] = Form.useForm<ProfileFormValues>();
  const saved = useMemo(() => profileFormValuesOf(profile), [profile]);
  const typed = Form.useWatch([], form);
  const [updateProfile, { isLoading: isSaving }] = useUpdateProfileMutation();
  const hasChanges = typed !== undefined && Object.keys(profileChangesOf(profile, { ...saved, ...typed })).length > 0;

  // The saved profile is what the form shows next: the phone as the api keeps it, read back the Kenyan way.
  useEffect(() => {
    form.setFieldsValue(saved);
  }, [form, saved]);

  return (
    <Card type="inner" title="Your details">
      <Form<ProfileFormValues>
        form={form}
        name="profile"
        layout="vertical"
        initialValues={saved}
        onFinish={(values) => void updateProfile(profileChangesOf(profile, values))}
      >
        <Form.Item
          name="userName"
          label="Name"
          rules={[{ required: true, whitespace: true, message: MESSAGES.registration.userNameRequired }]}
        >
          <Input autoComplete="name" maxLength={LIMITS.userNameMaxLength} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="Phone"
          extra={MESSAGES.accountScreens.phoneHelp}
          validateTrigger="onBlur"
          rules={[PROFILE_PHONE_RULE]}
        >
          <Input inputMode="tel" autoComplete="tel" placeholder="e.g. 0712 345 678" />
        </Form.Item>
        <Form.Item label="E-mail" htmlFor="profile_email" extra={<EmailVerification profile={profile} />}>
          <Input id="profile_email" value={profile.email} readOnly variant="filled" />
        </Form.Item>
        <Typography.Text strong id="profile-messages">
          Messages about my orders
        </Typography.Text>
        <Flex role="group" aria-labelledby="profile-messages" gap="large" wrap style={{ marginTop: 8 }}>
          <Form.Item name="notifyBySms" label="SMS" valuePropName="checked" layout="horizontal">
            <Switch />
          </Form.Item>
          <Form.Item name="notifyByEmail" label="E-mail" valuePropName="checked" layout="horizontal">
            <Switch />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" loading={isSaving} disabled={!hasChanges}>
          Save changes
        </Button>
      </Form>
    </Card>
  );
}
