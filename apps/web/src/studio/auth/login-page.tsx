import { EyeInvisibleOutlined, EyeOutlined, FacebookFilled, GoogleOutlined } from '@ant-design/icons';
import { App, Button, Divider, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiClient } from '../../shared/http/api-client';
import { TopBar } from '../../shared/layout/top-bar';
import { OAUTH_PATHS, useLogin, type TLoginInput } from './api';
import styles from './auth-page.module.css';

/** The creator sign-in of SPEC.md §2. */
export function LoginPage() {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [isPasswordVisible, setPasswordVisible] = useState(false);

  const onFinish = (values: TLoginInput) => {
    loginMutation.mutate(values, {
      onSuccess: () => {
        void message.success(t('auth.login.success'));
        void navigate('/');
      },
      // Failures are already shown by the http client.
    });
  };

  return (
    <>
      <TopBar />
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="login-heading">
          <Typography.Title level={1} id="login-heading" className={styles.heading}>
            {t('auth.login.heading')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('auth.login.subtitle')}</Typography.Paragraph>
          <Form<TLoginInput>
            layout="vertical"
            requiredMark={false}
            onFinish={onFinish}
            disabled={loginMutation.isPending}
            // Our translated messages replace the browser's own email check.
            noValidate
          >
            <Form.Item
              label={t('auth.login.email')}
              name="email"
              rules={[
                { required: true, message: t('auth.login.emailRequired') },
                { type: 'email', message: t('auth.login.emailInvalid') },
              ]}
            >
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
                    icon={
                      isPasswordVisible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />
                    }
                    onClick={() => setPasswordVisible((isVisible) => !isVisible)}
                  />
                }
              />
            </Form.Item>
            <div className={styles.row}>
              <Link to="/forgot-password">{t('auth.login.forgotPassword')}</Link>
            </div>
            <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
              {t('auth.login.submit')}
            </Button>
          </Form>
          <Divider plain>{t('auth.login.divider')}</Divider>
          <div className={styles.social}>
            <Button
              block
              icon={<GoogleOutlined aria-hidden />}
              href={apiClient.resolveUrl(OAUTH_PATHS.google)}
            >
              {t('auth.login.google')}
            </Button>
            <Button
              block
              icon={<FacebookFilled aria-hidden />}
              href={apiClient.resolveUrl(OAUTH_PATHS.facebook)}
            >
              {t('auth.login.facebook')}
            </Button>
          </div>
          <Typography.Paragraph className={styles.footer}>
            {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.signUp')}</Link>
          </Typography.Paragraph>
        </section>
      </main>
    </>
  );
}
