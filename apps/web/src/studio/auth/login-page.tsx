import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button, Divider, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CaptchaField } from '../../shared/forms/captcha-field';
import { FormSubmit } from '../../shared/forms/form-submit';
import {
  useLoginFormShown,
  usePasswordSignIn,
  type TPasswordSignInForm,
} from '../../shared/forms/password-sign-in';
import { useLogin } from './api';
import { emailRules } from './rules';
import { SocialSignIn } from './social-sign-in';
import { AuthCard } from './auth-card';
import styles from './auth-page.module.css';

interface TLoginForm extends TPasswordSignInForm {
  email: string;
}

/**
 * The creator sign-in. The captcha row is always shown: with the server's
 * default CAPTCHA_ENABLED every password sign-in needs one, and after failures it is required
 * anyway; a new image is loaded after every failed attempt (captchas are single use).
 */
export function LoginPage() {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const { form, captcha, formError, status, onFinish, isPending } = usePasswordSignIn<TLoginForm>({
    mutation: useLogin(),
    fields: ['email', 'password', 'captchaCode'],
    fieldMap: { username: 'email' },
    usernameOf: (values) => values.email,
    onSuccess: () => {
      void message.success(t('auth.login.success'));
      void navigate('/');
    },
  });
  useLoginFormShown();

  return (
    <AuthCard id="login-heading" heading={t('auth.login.heading')} subtitle={t('auth.login.subtitle')}>
      <Form<TLoginForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={isPending}
        // Our translated messages replace the browser's own email check.
        noValidate
      >
        <Form.Item label={t('auth.login.email')} name="email" rules={emailRules(t)}>
          <Input type="email" autoComplete="email" placeholder={t('auth.login.emailPlaceholder')} />
        </Form.Item>
        <Form.Item
          label={t('auth.login.password')}
          name="password"
          rules={[{ required: true, message: t('auth.login.passwordRequired') }]}
        >
          <Input
            type={isPasswordVisible ? 'text' : 'password'}
            autoComplete="current-password"
            suffix={
              <Button
                type="text"
                size="small"
                aria-label={t(isPasswordVisible ? 'auth.login.hidePassword' : 'auth.login.showPassword')}
                aria-pressed={isPasswordVisible}
                icon={isPasswordVisible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
                onClick={() => setPasswordVisible((isVisible) => !isVisible)}
              />
            }
          />
        </Form.Item>
        {captcha.isShown && (
          <CaptchaField
            id="login-captcha"
            captcha={captcha}
            label={t('auth.login.captcha')}
            requiredMessage={t('auth.login.captchaRequired')}
          />
        )}
        <div className={styles.row}>
          <Link to="/forgot-password">{t('auth.login.forgotPassword')}</Link>
        </div>
        <FormSubmit error={formError} isPending={isPending} status={status} label={t('auth.login.submit')} />
      </Form>
      <Divider plain>{t('auth.login.divider')}</Divider>
      <SocialSignIn mode="login" />
      <Typography.Paragraph className={styles.footer}>
        {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.signUp')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
