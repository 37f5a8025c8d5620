import { App, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useResetPassword } from './api';
import { FormSubmit } from '../../shared/forms/form-submit';
import { CodeField } from './code-field';
import { EmailField, NewPasswordFields, useEmailCodeForm, type TEmailCodeForm } from './email-code-form';
import { AuthCard } from './auth-card';
import styles from './auth-page.module.css';

/** Forgot password: email → emailed code → new password twice; then back to sign in. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { form, formError, onFinish, isPending } = useEmailCodeForm(useResetPassword(), () => {
    void message.success(t('auth.forgotPassword.success'));
    void navigate('/login');
  });

  return (
    <AuthCard
      id="forgot-heading"
      heading={t('auth.forgotPassword.heading')}
      subtitle={t('auth.forgotPassword.subtitle')}
    >
      <Form<TEmailCodeForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={isPending}
        noValidate
      >
        <EmailField />
        <CodeField form={form} purpose="password" id="forgot-code" />
        <NewPasswordFields passwordLabel={t('auth.forgotPassword.newPassword')} />
        <FormSubmit error={formError} isPending={isPending} label={t('auth.forgotPassword.submit')} />
      </Form>
      <Typography.Paragraph className={styles.footer}>
        <Link to="/login">{t('auth.forgotPassword.backToLogin')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
