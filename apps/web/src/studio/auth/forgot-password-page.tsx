import { App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useResetPassword } from './api';
import { CodeField } from './code-field';
import { EmailCodeForm, NewPasswordFields } from './email-code-form';
import { AuthCard } from './auth-card';
import styles from './auth-page.module.css';

/** Forgot password: email → emailed code → new password twice; then back to sign in. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const reset = useResetPassword();

  return (
    <AuthCard
      id="forgot-heading"
      heading={t('auth.forgotPassword.heading')}
      subtitle={t('auth.forgotPassword.subtitle')}
    >
      <EmailCodeForm
        mutation={reset}
        onSuccess={() => {
          void message.success(t('auth.forgotPassword.success'));
          void navigate('/login');
        }}
        submitLabel={t('auth.forgotPassword.submit')}
      >
        {(form) => (
          <>
            <CodeField form={form} purpose="password" id="forgot-code" />
            <NewPasswordFields passwordLabel={t('auth.forgotPassword.newPassword')} />
          </>
        )}
      </EmailCodeForm>
      <Typography.Paragraph className={styles.footer}>
        <Link to="/login">{t('auth.forgotPassword.backToLogin')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
