import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { ErrorCode } from '@linkstore/contract';
import { Alert, App, Button, Divider, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CaptchaField, useCaptcha } from '../../shared/forms/captcha-field';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import { useUserPreferences } from '../../shared/preferences/user-preferences-store';
import { authErrorMessage, errorCodeOf } from '../../shared/session/auth-errors';
import { useLogin } from './api';
import { emailRules } from './rules';
import { SocialSignIn } from './social-sign-in';
import { AuthCard } from './auth-card';
import styles from './auth-page.module.css';

interface TLoginForm {
  email: string;
  password: string;
  captchaCode?: string;
}

const FIELDS = ['email', 'password', 'captchaCode'];

/** Showing the login form resets the menu to its first item. */
export function useLoginFormShown(): void {
  const setLoginFormShown = useUserPreferences((state) => state.setLoginFormShown);
  useEffect(() => {
    setLoginFormShown(true);
    return () => setLoginFormShown(false);
  }, [setLoginFormShown]);
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
  const [form] = Form.useForm<TLoginForm>();
  const captcha = useCaptcha();
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const signIn = useLogin();
  const [formError, setFormError] = useState<string>();
  useLoginFormShown();

  const onFinish = (values: TLoginForm) => {
    setFormError(undefined);
    signIn.mutate(
      {
        username: values.email.trim(),
        password: values.password,
        captchaKey: captcha.captcha?.captchaKey ?? '',
        captchaCode: values.captchaCode?.trim() ?? '',
      },
      {
        onSuccess: () => {
          void message.success(t('auth.login.success'));
          void navigate('/');
        },
        onError: (error) => {
          const code = errorCodeOf(error);
          captcha.onSignInFailed(code);
          form.setFieldValue('captchaCode', '');
          if (code === ErrorCode.CAPTCHA_INVALID || code === ErrorCode.CAPTCHA_REQUIRED) {
            form.setFields([{ name: 'captchaCode', errors: [authErrorMessage(error)] }]);
          } else if (!applyServerFieldErrors(form, error, FIELDS, { username: 'email' })) {
            setFormError(authErrorMessage(error));
          }
        },
      },
    );
  };

  return (
    <AuthCard id="login-heading" heading={t('auth.login.heading')} subtitle={t('auth.login.subtitle')}>
      <Form<TLoginForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={signIn.isPending}
        // Our translated messages replace the browser's own email check.
        noValidate
      >
        <Form.Item label={t('auth.login.email')} name="email" rules={emailRules(t)}>
          <Input type="email" autoComplete="username" placeholder={t('auth.login.emailPlaceholder')} />
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
        {formError && <Alert type="error" showIcon title={formError} className={styles.alert} />}
        <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Form>
      <Divider plain>{t('auth.login.divider')}</Divider>
      <SocialSignIn mode="login" />
      <Typography.Paragraph className={styles.footer}>
        {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.signUp')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
