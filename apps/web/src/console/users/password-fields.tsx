import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, passwordRules } from './user-rules';

interface TPasswordFieldsProps {
  /** The new password's field (`password`, `newPassword`); the confirmation is `confirmPassword`. */
  name: string;
  label: string;
  confirmLabel: string;
  /** Shows the password rule under the first field. */
  hasHint?: boolean;
}

/** A new password and its confirmation, which must match it. */
export function PasswordFields({ name, label, confirmLabel, hasHint = false }: TPasswordFieldsProps) {
  const { t } = useTranslation(['users', 'system']);
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        rules={passwordRules(t, label)}
        extra={hasHint ? t('validation.password') : undefined}
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirmLabel}
        dependencies={[name]}
        rules={confirmRules(t, confirmLabel, name)}
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
    </>
  );
}
