import { App, Form, Modal, Spin, type FormInstance, type FormProps } from 'antd';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import type { TFormModal } from './use-form-modal';

export interface TFormModalProps<T extends object> {
  /** From `useFormModal`: open or closed, adding or editing which id. */
  modal: TFormModal<T>;
  /** From `Form.useForm<T>()`; the page may watch it (`Form.useWatch`). */
  form: FormInstance<T>;
  title: ReactNode;
  /** Form name: a prefix of the fields' ids, unique on the page (`role-form`). */
  name: string;
  /** Values of a new record; Reset-on-open goes back to them. */
  initialValues?: Partial<T>;
  /** Edit: loads the record's values (`GET …/{id}/form`). A failure closes the dialog. */
  load?: (id: string) => Promise<Partial<T>>;
  /** Saves; `id` is the edited record, undefined when adding. */
  onSubmit: (values: T, id: string | undefined) => Promise<unknown>;
  /**
   * The form fields that may receive the server's field errors (A0400 `data.fields`);
   * `fieldMap` renames server fields to form fields.
   */
  fields: readonly string[];
  fieldMap?: Record<string, string>;
  width?: number;
  formProps?: Omit<FormProps<T>, 'form' | 'name' | 'initialValues' | 'onFinish'>;
  children: ReactNode;
}

/**
 * The add/edit dialog of a console page: a Form in a Modal. Opening resets the fields (and
 * loads the record when editing); OK validates, calls `onSubmit`, confirms with a message and
 * closes. A validation answer of the server (A0400) puts each message on its field and keeps
 * the dialog open; other failures are shown by the http client.
 */
export function FormModal<T extends object>({
  modal,
  form,
  title,
  name,
  initialValues,
  load,
  onSubmit,
  fields,
  fieldMap,
  width = 560,
  formProps,
  children,
}: TFormModalProps<T>) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  // The opening (session) whose record is in the form; until then an edit is loading.
  const [loadedSession, setLoadedSession] = useState(0);
  const [isSaving, setIsSaving] = useState(false);
  const isLoading =
    modal.isOpen && modal.id !== undefined && load !== undefined && loadedSession !== modal.session;

  const fill = useEffectEvent((isCurrent: () => boolean) => {
    form.resetFields();
    if (modal.defaults) form.setFieldsValue(modal.defaults);
    if (modal.id === undefined || !load) return;
    const session = modal.session;
    load(modal.id).then(
      (values) => {
        if (!isCurrent()) return;
        form.setFieldsValue(values);
        setLoadedSession(session);
      },
      () => {
        if (isCurrent()) modal.close();
      },
    );
  });

  useEffect(() => {
    if (!modal.isOpen) return;
    let isCurrent = true;
    fill(() => isCurrent);
    return () => {
      isCurrent = false;
    };
  }, [modal.isOpen, modal.session]);

  const onFinish = async (values: T) => {
    setIsSaving(true);
    try {
      await onSubmit(values, modal.id);
      void message.success(t(modal.id === undefined ? 'crud.message.created' : 'crud.message.updated'));
      modal.close();
    } catch (error) {
      applyServerFieldErrors(form, error, fields, fieldMap);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      open={modal.isOpen}
      title={title}
      width={width}
      onOk={() => form.submit()}
      onCancel={modal.close}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={isSaving}
      okButtonProps={{ disabled: isLoading }}
      forceRender
    >
      <Spin spinning={isLoading}>
        <Form<T>
          labelCol={{ flex: '140px' }}
          labelWrap
          {...formProps}
          // Nothing can be typed before the record is in: its arrival would overwrite it.
          disabled={isLoading || formProps?.disabled}
          form={form}
          name={name}
          initialValues={initialValues}
          onFinish={(values) => void onFinish(values)}
        >
          {children}
        </Form>
      </Spin>
    </Modal>
  );
}
