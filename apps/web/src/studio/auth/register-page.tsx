import { Alert, App, Button, Divider, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showCodeFormError } from '../../shared/forms/field-errors';
import { useRegister } from './api';
import { CodeField } from './code-field';
import { confirmPasswordRules, emailRules, newPasswordRules } from './rules';
import { SocialSignIn } from './social-sign-in';
import { AuthCard } from './auth-card';
import styles from './auth-page.module.css';

interface TRegisterForm {
  email: string;
  password: string;
  confirmPassword: string;
  code: string;
}

const FIELDS = ['email', 'password', 'confirmPassword', 'code'];

/** Sign-up: email, password twice, the emailed code; success signs in. */
export function RegisterPage() {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TRegisterForm>();
  const registration = useRegister();
  const [formError, setFormError] = useState<string>();

  const onFinish = (values: TRegisterForm) => {
    setFormError(undefined);
    registration.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        code: values.code.trim(),
      },
      {
        onSuccess: () => {
          void message.success(t('auth.register.success'));
          void navigate('/');
        },
        onError: (error) => {
          showCodeFormError(form, error, FIELDS, setFormError);
        },
      },
    );
  };

  return (
    <AuthCard
      id="register-heading"
      heading={t('auth.register.heading')}
      subtitle={t('auth.register.subtitle')}
    >
      <Form<TRegisterForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={registration.isPending}
        noValidate
      >
        <Form.Item label={t('auth.register.email')} name="email" rules={emailRules(t)}>
          <Input type="email" autoComplete="email" placeholder={t('auth.login.emailPlaceholder')} />
        </Form.Item>
        <Form.Item
          label={t('auth.register.password')}
          name="password"
          rules={newPasswordRules(t)}
          extra={t('auth.validation.passwordHint')}
        >
          <Input.Password autoComplete="new-password" visibilityToggle={false} />
        </Form.Item>
        <Form.Item
          label={t('auth.register.confirmPassword')}
          name="confirmPassword"
          dependencies={['password']}
          rules={confirmPasswordRules(t)}
        >
          <Input.Password autoComplete="new-password" visibilityToggle={false} />
        </Form.Item>
        <CodeField form={form} purpose="register" id="register-code" />
        {formError && <Alert type="error" showIcon title={formError} className={styles.alert} />}
        <Button type="primary" htmlType="submit" block loading={registration.isPending}>
          {t('auth.register.submit')}
        </Button>
      </Form>
      <Divider plain>{t('auth.login.divider')}</Divider>
      <SocialSignIn mode="register" />
      <Typography.Paragraph className={styles.footer}>
        {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.logIn')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
