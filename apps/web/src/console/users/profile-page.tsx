import { MailOutlined, UserOutlined } from '@ant-design/icons';
import type { TUserPasswordChangeRequest, TUserProfile, TUserProfileRequestInput } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Row,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Dict } from '../../shared/dict/dict';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import { DEFAULT_RESEND_SECONDS, useCountdown } from '../../shared/forms/use-countdown';
import { profileQuery, useBindEmail, useChangePassword, useSendEmailCode, useUpdateProfile } from './api';
import { PasswordFields } from './password-fields';
import { avatarRules, emailRules, mobileRules, required } from './user-rules';

function BasicInfoForm({ profile }: { profile: TUserProfile }) {
  const { t } = useTranslation(['users', 'system']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TUserProfileRequestInput>();
  const updateProfile = useUpdateProfile();
  const avatar = Form.useWatch('avatar', form);

  const onFinish = (values: TUserProfileRequestInput) =>
    updateProfile.mutate(values, {
      onSuccess: () => void message.success(t('profile.saved')),
      onError: (error) => applyServerFieldErrors(form, error, ['nickname', 'gender', 'avatar', 'mobile']),
    });

  return (
    <Form<TUserProfileRequestInput>
      form={form}
      name="profile-form"
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{
        nickname: profile.nickname,
        gender: profile.gender,
        avatar: profile.avatar,
        mobile: profile.mobile,
      }}
      onFinish={onFinish}
    >
      <Form.Item label={t('field.avatar')} required={false}>
        <Space align="start">
          <Avatar size={48} src={avatar || undefined} icon={<UserOutlined aria-hidden />} />
          <Form.Item name="avatar" noStyle rules={avatarRules(t)}>
            <Input
              aria-label={t('field.avatar')}
              maxLength={1000}
              placeholder="https://"
              style={{ width: 380 }}
            />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item
        name="nickname"
        label={t('field.nickname')}
        rules={[required(t, t('field.nickname')), { max: 64 }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="gender" label={t('field.gender')}>
        <Dict code="gender" type="radio" valueType="number" />
      </Form.Item>
      <Form.Item name="mobile" label={t('field.mobile')} rules={mobileRules(t)}>
        <Input maxLength={20} inputMode="tel" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={updateProfile.isPending}>
        {t('profile.save')}
      </Button>
    </Form>
  );
}

type TPasswordValues = TUserPasswordChangeRequest & { confirmPassword: string };

function PasswordForm() {
  const { t } = useTranslation(['users', 'system']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TPasswordValues>();
  const changePassword = useChangePassword();

  const onFinish = (values: TPasswordValues) =>
    changePassword.mutate(values, {
      onSuccess: () => {
        form.resetFields();
        void message.success(t('profile.passwordChanged'));
      },
      onError: (error) =>
        applyServerFieldErrors(form, error, ['oldPassword', 'newPassword', 'confirmPassword']),
    });

  return (
    <Form<TPasswordValues>
      form={form}
      name="password-form"
      layout="vertical"
      style={{ maxWidth: 480 }}
      onFinish={onFinish}
    >
      <Form.Item
        name="oldPassword"
        label={t('profile.oldPassword')}
        rules={[required(t, t('profile.oldPassword'))]}
      >
        <Input.Password autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <PasswordFields
        name="newPassword"
        label={t('profile.newPassword')}
        confirmLabel={t('profile.confirmPassword')}
        hasHint
      />
      <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
        {t('profile.changePassword')}
      </Button>
    </Form>
  );
}

interface TEmailValues {
  email: string;
  code: string;
}

function EmailForm({ profile }: { profile: TUserProfile }) {
  const { t } = useTranslation(['users', 'system']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TEmailValues>();
  const countdown = useCountdown();
  const sendCode = useSendEmailCode();
  const bindEmail = useBindEmail();

  const getCode = async () => {
    let email: string;
    try {
      email = (await form.validateFields(['email'])).email.trim();
    } catch {
      return;
    }
    sendCode.mutate(email, {
      onSuccess: (seconds) => {
        countdown.start(seconds > 0 ? seconds : DEFAULT_RESEND_SECONDS);
        void message.success(t('profile.codeSent'));
      },
      onError: (error) => applyServerFieldErrors(form, error, ['email']),
    });
  };

  const onFinish = (values: TEmailValues) =>
    bindEmail.mutate(
      { email: values.email.trim(), code: values.code.trim() },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t('profile.bound'));
        },
        onError: (error) => applyServerFieldErrors(form, error, ['email', 'code']),
      },
    );

  const isWaiting = countdown.remaining > 0;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 480 }}>
      <Typography.Text>
        {t('profile.currentEmail')}:{' '}
        <Typography.Text strong>{profile.email ?? t('profile.noEmail')}</Typography.Text>
      </Typography.Text>
      <Form<TEmailValues> form={form} name="email-form" layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="email"
          label={t('profile.newEmail')}
          rules={[required(t, t('profile.newEmail')), ...emailRules(t)]}
        >
          <Input inputMode="email" maxLength={254} prefix={<MailOutlined aria-hidden />} />
        </Form.Item>
        <Form.Item label={t('profile.code')} htmlFor="email-form_code" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('validation.code') }]}
            >
              <Input id="email-form_code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
            <Button onClick={() => void getCode()} loading={sendCode.isPending} disabled={isWaiting}>
              {isWaiting ? t('profile.resendIn', { seconds: countdown.remaining }) : t('profile.getCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={bindEmail.isPending}>
          {t('profile.bind')}
        </Button>
      </Form>
    </Flex>
  );
}

/** The signed-in operator's profile: card, basic info, password, email binding. */
export default function ProfilePage() {
  const { t } = useTranslation(['users', 'system']);
  const query = useQuery(profileQuery);
  const profile = query.data;

  if (!profile) return <Spin spinning={query.isFetching} style={{ display: 'block', padding: 48 }} />;
  const roles = profile.roleNames.split(',').filter(Boolean);
  return (
    <Flex vertical gap={16} component="section" aria-labelledby="profile-title">
      <Typography.Title level={1} id="profile-title" style={{ fontSize: 20, margin: 0 }}>
        {t('profile.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card>
            <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
              <Avatar size={80} src={profile.avatar || undefined} icon={<UserOutlined aria-hidden />} />
              <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                {profile.nickname}
              </Typography.Title>
              {profile.username ? (
                <Typography.Text type="secondary">{profile.username}</Typography.Text>
              ) : null}
            </Flex>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('field.email')}>
                {profile.email ?? t('profile.noEmail')}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.mobile')}>{profile.mobile ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('field.dept')}>
                {profile.deptName ?? t('profile.noDept')}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.roles')}>
                {roles.length > 0 ? roles.map((role) => <Tag key={role}>{role}</Tag>) : t('profile.noRoles')}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.createTime')}>{profile.createTime}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card>
            <Tabs
              items={[
                {
                  key: 'basic',
                  label: t('profile.tabs.basic'),
                  children: <BasicInfoForm profile={profile} />,
                },
                { key: 'password', label: t('profile.tabs.password'), children: <PasswordForm /> },
                { key: 'email', label: t('profile.tabs.email'), children: <EmailForm profile={profile} /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
