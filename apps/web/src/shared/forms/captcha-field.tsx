import { ReloadOutlined } from '@ant-design/icons';
import { accountsRoutes, ErrorCode } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { readRuntimeConfig } from '../config/runtime-config';
import { routeQueryOptions } from '../http/call-route';
import styles from './captcha-field.module.css';

/** Captchas live two minutes and are single use: fetch a fresh one a little before that. */
const CAPTCHA_REFETCH_MS = 110_000;

/**
 * The current image captcha and a way to replace it (after a click or a failed sign-in). The
 * row shows from the start when the server's CAPTCHA_ENABLED is on, and from the first answer
 * that asks for it otherwise (the server requires one after failed attempts).
 */
export function useCaptcha() {
  const [isShown, setShown] = useState(() => readRuntimeConfig().captchaEnabled);
  const query = useQuery({
    ...routeQueryOptions(accountsRoutes.captcha),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: CAPTCHA_REFETCH_MS,
    retry: false,
    enabled: isShown,
  });
  return {
    captcha: query.data,
    isFetching: query.isFetching,
    isShown,
    refresh: () => void query.refetch(),
    /** After a failed sign-in: captchas are single use, so load a new one; show the row if asked. */
    onSignInFailed: (code: string | undefined) => {
      if (code === ErrorCode.CAPTCHA_REQUIRED || code === ErrorCode.CAPTCHA_INVALID) setShown(true);
      if (isShown) void query.refetch();
    },
  };
}

interface TCaptchaFieldProps {
  captcha: ReturnType<typeof useCaptcha>;
  label: string;
  requiredMessage: string;
  placeholder?: string;
  /** The input's id, unique on the page (the label points at it). */
  id: string;
}

/**
 * The verification code row: an input (form field `captchaCode`) and the image, which is a
 * button that loads a new one.
 */
export function CaptchaField({ captcha, label, requiredMessage, placeholder, id }: TCaptchaFieldProps) {
  const { t } = useTranslation('common');
  return (
    <Form.Item label={label} htmlFor={id} required>
      <div className={styles.row}>
        <Form.Item
          name="captchaCode"
          noStyle
          rules={[{ required: true, whitespace: true, message: requiredMessage }]}
        >
          <Input
            id={id}
            autoComplete="off"
            maxLength={16}
            placeholder={placeholder}
            className={styles.input}
          />
        </Form.Item>
        <button
          type="button"
          className={styles.image}
          onClick={captcha.refresh}
          aria-label={t('auth.captcha.refresh')}
          aria-busy={captcha.isFetching}
        >
          {captcha.captcha ? (
            <img src={captcha.captcha.captchaBase64} alt={t('auth.captcha.imageAlt')} />
          ) : (
            <ReloadOutlined aria-hidden spin={captcha.isFetching} />
          )}
        </button>
      </div>
    </Form.Item>
  );
}
