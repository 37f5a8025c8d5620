import type { TConsoleOrderDetail, TFlagResolution } from '@linkstore/contract';
import { App, Checkbox, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResolveFlag } from './api';
import { OrderProblem, problemOf, type TOrderProblem } from './order-problem';

interface TResolveForm {
  resolution?: TFlagResolution | undefined;
  note: string;
  restock: boolean;
}

const RESOLUTIONS: readonly TFlagResolution[] = ['refund', 'accept', 'note'];

/** Resolves an open flag: refund, accept or note, with a note; restock only with a refund. */
export function ResolveFlagDialog({ order, onClose }: { order: TConsoleOrderDetail; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const [form] = Form.useForm<TResolveForm>();
  const resolution = Form.useWatch('resolution', form);
  const [problem, setProblem] = useState<TOrderProblem | undefined>();
  const resolve = useResolveFlag();

  const submit = async () => {
    const values = await form.validateFields();
    if (!values.resolution) return;
    setProblem(undefined);
    try {
      await resolve.mutateAsync({
        orderNo: order.orderNo,
        resolution: values.resolution,
        note: values.note.trim(),
        restock: values.resolution === 'refund' && values.restock === true,
        version: order.version,
      });
    } catch (error) {
      setProblem(problemOf(error));
      return;
    }
    void message.success(t('console.resolve.done', { orderNo: order.orderNo }));
    onClose();
  };

  return (
    <Modal
      open
      title={t('console.resolve.title', { orderNo: order.orderNo })}
      okText={t('console.resolve.submit')}
      confirmLoading={resolve.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <OrderProblem problem={problem} orderNo={order.orderNo} onReloaded={() => setProblem(undefined)} />
      {order.flagReason && (
        <Typography.Paragraph>
          {t('console.flagReasonLabel')}: {t(`console.flagReason.${order.flagReason}`)}
        </Typography.Paragraph>
      )}
      <Form<TResolveForm>
        form={form}
        name="resolve-flag"
        layout="vertical"
        initialValues={{ resolution: undefined, note: '', restock: false }}
      >
        <Form.Item
          name="resolution"
          label={t('console.resolve.resolution')}
          rules={[{ required: true, message: t('console.resolve.resolutionRequired') }]}
        >
          <Radio.Group>
            <Space orientation="vertical">
              {RESOLUTIONS.map((value) => (
                <Radio key={value} value={value}>
                  <Typography.Text strong>{t(`console.resolve.${value}`)}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t(`console.resolve.${value}Help`)}</Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {resolution === 'refund' && (
          <Form.Item name="restock" valuePropName="checked">
            <Checkbox>{t('console.refund.restock')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label={t('console.resolve.noteLabel')}
          rules={[{ required: true, whitespace: true, message: t('console.resolve.noteRequired') }]}
        >
          <Input.TextArea maxLength={500} rows={3} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
