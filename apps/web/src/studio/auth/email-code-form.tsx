import { Form, Input, type FormInstance } from 'antd';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showCodeFormError } from '../../shared/forms/field-errors';
import { FormSubmit } from '../../shared/forms/form-submit';
import { confirmPasswordRules, emailRules, newPasswordRules } from './rules';

/** The values of an emailed-code form (sign-up, password reset). */
export interface TEmailCodeForm {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = ['email', 'code', 'password', 'confirmPassword'];

/** What is sent: email and code trimmed, the passwords as typed. */
export function toEmailCodeRequest(values: TEmailCodeForm): TEmailCodeForm {
  return {
    email: values.email.trim(),
    code: values.code.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
  };
}

/**
 * The submit flow of an emailed-code form: sends the trimmed values through `mutation`, then
 * `onSuccess`; a failure lands on the code field, the named fields or above the submit button.
 */
function useEmailCodeForm(
  mutation: UseMutationResult<unknown, Error, TEmailCodeForm>,
  onSuccess: () => void,
) {
  const [form] = Form.useForm<TEmailCodeForm>();
  const [formError, setFormError] = useState<string>();
  const onFinish = (values: TEmailCodeForm) => {
    setFormError(undefined);
    mutation.mutate(toEmailCodeRequest(values), {
      onSuccess,
      onError: (error) => showCodeFormError(form, error, FIELDS, setFormError),
    });
  };
  return { form, formError, onFinish, isPending: mutation.isPending };
}

function EmailField() {
  const { t } = useTranslation('studio');
  return (
    <Form.Item label={t('auth.register.email')} name="email" rules={emailRules(t)}>
      <Input type="email" autoComplete="email" placeholder={t('auth.login.emailPlaceholder')} />
    </Form.Item>
  );
}

/** The new password and its confirmation; `passwordLabel` names the first. */
export function NewPasswordFields({ passwordLabel }: { passwordLabel: string }) {
  const { t } = useTranslation('studio');
  return (
    <>
      <Form.Item
        label={passwordLabel}
        name="password"
        rules={newPasswordRules(t)}
        extra={t('auth.validation.passwordHint')}
      >
        <Input.Password autoComplete="new-password" visibilityToggle={false} />
      </Form.Item>
      <Form.Item
        label={t('auth.register.confirmPassword')}
        name="confirmPassword"
        dependencies={['password']}
        rules={confirmPasswordRules(t)}
      >
        <Input.Password autoComplete="new-password" visibilityToggle={false} />
      </Form.Item>
    </>
  );
}

interface TEmailCodeFormProps {
  mutation: UseMutationResult<unknown, Error, TEmailCodeForm>;
  onSuccess: () => void;
  submitLabel: string;
  /** The fields after the email (the code, the new password pair), in the page's order. */
  children: (form: FormInstance<TEmailCodeForm>) => ReactNode;
}

/** An emailed-code form (sign-up, password reset): the email, the page's fields, error and submit. */
export function EmailCodeForm({ mutation, onSuccess, submitLabel, children }: TEmailCodeFormProps) {
  const { form, formError, onFinish, isPending } = useEmailCodeForm(mutation, onSuccess);
  return (
    <Form<TEmailCodeForm>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      disabled={isPending}
      noValidate
    >
      <EmailField />
      {children(form)}
      <FormSubmit error={formError} isPending={isPending} label={submitLabel} />
    </Form>
  );
}
