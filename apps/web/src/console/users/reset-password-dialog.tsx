import { App, Form, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import { useResetUserPassword } from './api';
import { PasswordFields } from './password-fields';

interface TValues {
  password: string;
  confirmPassword: string;
}

export interface TResetPasswordDialogProps {
  /** The operator whose password is reset; null when closed. */
  user: { id: string; name: string } | null;
  onClose: () => void;
}

/** Sets a new password for an operator (sent in the body); the server ends their sign-ins. */
export function ResetPasswordDialog({ user, onClose }: TResetPasswordDialogProps) {
  const { t } = useTranslation(['users', 'system']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TValues>();
  const resetPassword = useResetUserPassword();

  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const onFinish = ({ password }: TValues) => {
    if (!user) return;
    resetPassword.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          void message.success(t('reset.done', { name: user.name }));
          onClose();
        },
        onError: (error) => applyServerFieldErrors(form, error, ['password']),
      },
    );
  };

  return (
    <Modal
      open={user !== null}
      title={user ? t('reset.title', { name: user.name }) : ''}
      onOk={() => form.submit()}
      onCancel={onClose}
      okText={t('system:crud.save')}
      cancelText={t('system:crud.cancel')}
      confirmLoading={resetPassword.isPending}
      forceRender
    >
      <Typography.Paragraph type="secondary">
        {user ? t('reset.hint', { name: user.name }) : ''}
      </Typography.Paragraph>
      <Form<TValues> form={form} name="reset-password-form" layout="vertical" onFinish={onFinish}>
        <PasswordFields
          name="password"
          label={t('field.password')}
          confirmLabel={t('field.confirmPassword')}
        />
      </Form>
    </Modal>
  );
}
