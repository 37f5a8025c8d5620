import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showCodeFormError } from '../../shared/forms/field-errors';
import { useResetPassword } from './api';
import { CodeField } from './code-field';
import { confirmPasswordRules, emailRules, newPasswordRules } from './rules';
import { AuthCard } from './auth-card';
import styles from './auth-page.module.css';

interface TResetForm {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = ['email', 'code', 'password', 'confirmPassword'];

/** Forgot password: email → emailed code → new password twice; then back to sign in. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TResetForm>();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string>();

  const onFinish = (values: TResetForm) => {
    setFormError(undefined);
    reset.mutate(
      {
        email: values.email.trim(),
        code: values.code.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
      },
      {
        onSuccess: () => {
          void message.success(t('auth.forgotPassword.success'));
          void navigate('/login');
        },
        onError: (error) => {
          showCodeFormError(form, error, FIELDS, setFormError);
        },
      },
    );
  };

  return (
    <AuthCard
      id="forgot-heading"
      heading={t('auth.forgotPassword.heading')}
      subtitle={t('auth.forgotPassword.subtitle')}
    >
      <Form<TResetForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={reset.isPending}
        noValidate
      >
        <Form.Item label={t('auth.register.email')} name="email" rules={emailRules(t)}>
          <Input type="email" autoComplete="email" placeholder={t('auth.login.emailPlaceholder')} />
        </Form.Item>
        <CodeField form={form} purpose="password" id="forgot-code" />
        <Form.Item
          label={t('auth.forgotPassword.newPassword')}
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
        {formError && <Alert type="error" showIcon title={formError} className={styles.alert} />}
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('auth.forgotPassword.submit')}
        </Button>
      </Form>
      <Typography.Paragraph className={styles.footer}>
        <Link to="/login">{t('auth.forgotPassword.backToLogin')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
