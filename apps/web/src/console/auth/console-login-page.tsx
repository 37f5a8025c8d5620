import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Checkbox, Form, Input, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CaptchaField } from '../../shared/forms/captcha-field';
import { FormSubmit } from '../../shared/forms/form-submit';
import {
  useLoginFormShown,
  usePasswordSignIn,
  type TPasswordSignInForm,
} from '../../shared/forms/password-sign-in';
import { APP_TITLE } from '../../shared/config/constants';
import { LanguageSwitch } from '../../shared/i18n/language-switch';
import { readString, removeKey, writeString } from '../../shared/preferences/local-storage';
import { StorageKey } from '../../shared/preferences/storage-keys';
import { useConsoleLogin } from './api';
import styles from './console-login-page.module.css';

interface TConsoleLoginForm extends TPasswordSignInForm {
  username: string;
  rememberMe: boolean;
}
/** Console passwords: at least 6 characters. */
const CONSOLE_PASSWORD_MIN = 6;

/** Only in-app paths for `?redirect=`; without one, the console home. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/console';
}

/**
 * The console's own header on its sign-in page: the console's mark and name, and the language.
 * Not the creators' top bar: operators choose no country or currency, and are not offered a shop
 * ("Open LinkStore for free").
 */
export function ConsoleLoginHeader() {
  const { t } = useTranslation('console');
  return (
    <header className={styles.header}>
      <span className={styles.brand}>
        <span className={styles.mark} aria-hidden>
          {APP_TITLE.charAt(0)}
        </span>
        <span className={styles.title}>{APP_TITLE}</span>
        <span className={styles.area}>{t('login.area')}</span>
      </span>
      <LanguageSwitch className={styles.tap} />
    </header>
  );
}

/**
 * The operator console's sign-in: username, password, image
 * captcha (click to refresh), a Caps Lock warning, remember me and a forgotten-password link.
 */
export function ConsoleLoginPage() {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [isCapsLockOn, setCapsLockOn] = useState(false);
  const { form, captcha, formError, status, onFinish, isPending } = usePasswordSignIn<TConsoleLoginForm>({
    mutation: useConsoleLogin(),
    fields: ['username', 'password', 'captchaCode'],
    usernameOf: (values) => values.username,
    onSuccess: (values) => {
      if (values.rememberMe) writeString(StorageKey.rememberedUsername, values.username.trim());
      else removeKey(StorageKey.rememberedUsername);
      void message.success(t('login.success'));
      void navigate(safeRedirect(searchParams.get('redirect')));
    },
  });
  useLoginFormShown();

  const rememberedUsername = readString(StorageKey.rememberedUsername, '');

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    setCapsLockOn(event.getModifierState('CapsLock'));
  };

  return (
    <>
      <ConsoleLoginHeader />
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="console-login-heading">
          <Typography.Title level={1} id="console-login-heading" className={styles.heading}>
            {t('login.heading')}
          </Typography.Title>
          <Form<TConsoleLoginForm>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ username: rememberedUsername, rememberMe: rememberedUsername !== '' }}
            onFinish={onFinish}
            disabled={isPending}
            noValidate
          >
            <Form.Item
              label={t('login.username')}
              name="username"
              rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
            >
              <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" />
            </Form.Item>
            <Form.Item
              label={t('login.password')}
              name="password"
              rules={[
                { required: true, message: t('login.passwordRequired') },
                { min: CONSOLE_PASSWORD_MIN, message: t('login.passwordShort') },
              ]}
              extra={
                isCapsLockOn ? (
                  <Typography.Text type="warning" role="status">
                    {t('login.capsLock')}
                  </Typography.Text>
                ) : undefined
              }
            >
              <Input.Password
                prefix={<LockOutlined aria-hidden />}
                autoComplete="current-password"
                onKeyDown={onKey}
                onKeyUp={onKey}
                onBlur={() => setCapsLockOn(false)}
                visibilityToggle={false}
              />
            </Form.Item>
            {captcha.isShown && (
              <CaptchaField
                id="console-login-captcha"
                captcha={captcha}
                label={t('login.captcha')}
                requiredMessage={t('login.captchaRequired')}
              />
            )}
            <div className={styles.row}>
              <Form.Item name="rememberMe" valuePropName="checked" noStyle>
                <Checkbox>{t('login.rememberMe')}</Checkbox>
              </Form.Item>
              <Link to="/forgot-password">{t('login.forgetPassword')}</Link>
            </div>
            <FormSubmit error={formError} isPending={isPending} status={status} label={t('login.submit')} />
          </Form>
        </section>
      </main>
    </>
  );
}
