import { App, Button, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import { DEFAULT_RESEND_SECONDS, useCountdown } from '../../shared/forms/use-countdown';
import { authErrorMessage } from '../../shared/session/auth-errors';
import { useSendCode, type TCodePurpose } from './api';
import { codeRules } from './rules';
import styles from './auth-page.module.css';

interface TCodeFieldProps<T> {
  form: FormInstance<T>;
  purpose: TCodePurpose;
  id: string;
}

/**
 * The emailed-code row: the code input and "Get code", which checks the email, asks the server
 * for a code and counts down until another may be asked for ("Resend in 42 s").
 */
export function CodeField<T>({ form, purpose, id }: TCodeFieldProps<T>) {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const countdown = useCountdown();
  const send = useSendCode();

  const onGetCode = async () => {
    let email: string;
    try {
      email = ((await form.validateFields(['email' as never])) as { email: string }).email.trim();
    } catch {
      return;
    }
    send.mutate(
      { purpose, email },
      {
        onSuccess: (seconds) => {
          countdown.start(seconds > 0 ? seconds : DEFAULT_RESEND_SECONDS);
          form.setFields([{ name: 'code' as never, errors: [] }]);
          void message.success(t('auth.code.sent'));
        },
        onError: (error) => {
          if (!applyServerFieldErrors(form, error, ['email'])) {
            // A0251 (too soon) carries the server's translated message, which this shows.
            form.setFields([{ name: 'code' as never, errors: [authErrorMessage(error)] }]);
          }
        },
      },
    );
  };

  const isWaiting = countdown.remaining > 0;
  return (
    <Form.Item label={t('auth.code.label')} htmlFor={id} required>
      <Space.Compact className={styles.codeRow}>
        <Form.Item name="code" noStyle rules={codeRules(t)}>
          <Input id={id} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        <Button onClick={() => void onGetCode()} loading={send.isPending} disabled={isWaiting}>
          {isWaiting ? t('auth.code.resendIn', { seconds: countdown.remaining }) : t('auth.code.get')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
