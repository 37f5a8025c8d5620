import { App, Divider, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRegister } from './api';
import { FormSubmit } from '../../shared/forms/form-submit';
import { CodeField } from './code-field';
import { EmailField, NewPasswordFields, useEmailCodeForm, type TEmailCodeForm } from './email-code-form';
import { SocialSignIn } from './social-sign-in';
import { AuthCard } from './auth-card';
import styles from './auth-page.module.css';

/** Sign-up: email, password twice, the emailed code; success signs in. */
export function RegisterPage() {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { form, formError, onFinish, isPending } = useEmailCodeForm(useRegister(), () => {
    void message.success(t('auth.register.success'));
    void navigate('/');
  });

  return (
    <AuthCard
      id="register-heading"
      heading={t('auth.register.heading')}
      subtitle={t('auth.register.subtitle')}
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
        <NewPasswordFields passwordLabel={t('auth.register.password')} />
        <CodeField form={form} purpose="register" id="register-code" />
        <FormSubmit error={formError} isPending={isPending} label={t('auth.register.submit')} />
      </Form>
      <Divider plain>{t('auth.login.divider')}</Divider>
      <SocialSignIn mode="register" />
      <Typography.Paragraph className={styles.footer}>
        {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.logIn')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
