import { App, Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRegister } from './api';
import { CodeField } from './code-field';
import { EmailCodeForm, NewPasswordFields } from './email-code-form';
import { SocialSignIn } from './social-sign-in';
import { AuthCard } from './auth-card';
import styles from './auth-page.module.css';

/** Sign-up: email, password twice, the emailed code; success signs in. */
export function RegisterPage() {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const registration = useRegister();

  return (
    <AuthCard
      id="register-heading"
      heading={t('auth.register.heading')}
      subtitle={t('auth.register.subtitle')}
    >
      <EmailCodeForm
        mutation={registration}
        onSuccess={() => {
          void message.success(t('auth.register.success'));
          void navigate('/');
        }}
        submitLabel={t('auth.register.submit')}
      >
        {(form) => (
          <>
            <NewPasswordFields passwordLabel={t('auth.register.password')} />
            <CodeField form={form} purpose="register" id="register-code" />
          </>
        )}
      </EmailCodeForm>
      <Divider plain>{t('auth.login.divider')}</Divider>
      <SocialSignIn mode="register" />
      <Typography.Paragraph className={styles.footer}>
        {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.logIn')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
