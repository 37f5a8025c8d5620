import { decimalToMinor, minorDigitsOf, minorToDecimal, type TConsoleOrderDetail } from '@linkstore/contract';
import { App, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRefusal } from '../../shared/http/idempotency-key';
import { newIdempotencyKey } from '../../shared/idempotency-key';
import { useFormatMoney } from '../../shared/format/use-format';
import { useRefundOrder } from './api';
import { OrderProblem, problemOf, type TOrderProblem } from './order-problem';

interface TRefundForm {
  amount: string;
  restock: boolean;
  reason: string;
}

/**
 * Refunds part or all of what is still refundable. The amount is typed in the currency's decimal
 * units and becomes integer minor units with the contract's decimal helper (no float on the way);
 * the request names the version the operator saw.
 */
export function RefundDialog({ order, onClose }: { order: TConsoleOrderDetail; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const money = useFormatMoney();
  const [form] = Form.useForm<TRefundForm>();
  const [problem, setProblem] = useState<TOrderProblem | undefined>();
  const refund = useRefundOrder();
  // This refund's Idempotency-Key: kept while an answer is lost, a new one after a refusal.
  const key = useRef(newIdempotencyKey());
  const digits = minorDigitsOf(order.currencyCode);
  const max = money(order.refundableMinor, order.currencyCode);
  const minorOf = (text: string) => decimalToMinor(text, digits, { decimalComma: true });

  const submit = async () => {
    const values = await form.validateFields();
    const amountMinor = minorOf(values.amount);
    if (amountMinor === null) return;
    setProblem(undefined);
    try {
      await refund.mutateAsync({
        orderNo: order.orderNo,
        amountMinor,
        restock: values.restock,
        reason: values.reason.trim(),
        version: order.version,
        idempotencyKey: key.current,
      });
    } catch (error) {
      if (isRefusal(error)) key.current = newIdempotencyKey();
      setProblem(problemOf(error));
      return;
    }
    void message.success(
      t('console.refund.done', { amount: money(amountMinor, order.currencyCode), orderNo: order.orderNo }),
    );
    onClose();
  };

  return (
    <Modal
      open
      title={t('console.refund.title', { orderNo: order.orderNo })}
      okText={t('console.refund.submit')}
      okButtonProps={{ danger: true }}
      confirmLoading={refund.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <OrderProblem problem={problem} orderNo={order.orderNo} onReloaded={() => setProblem(undefined)} />
      <Typography.Paragraph type="secondary">{t('console.refund.hint', { max })}</Typography.Paragraph>
      <Form<TRefundForm>
        form={form}
        name="refund-order"
        layout="vertical"
        initialValues={{
          amount: minorToDecimal(order.refundableMinor, digits),
          restock: false,
          reason: '',
        }}
      >
        <Form.Item
          name="amount"
          label={t('console.refund.amount', { currency: order.currencyCode })}
          rules={[
            { required: true, whitespace: true, message: t('console.refund.amountRequired') },
            {
              validator: (_, value: string | undefined) => {
                if (!value?.trim()) return Promise.resolve();
                const cents = minorOf(value);
                if (cents === null) {
                  return Promise.reject(new Error(t('console.refund.amountInvalid', { digits })));
                }
                if (cents <= 0) return Promise.reject(new Error(t('console.refund.amountZero')));
                if (cents > order.refundableMinor) {
                  return Promise.reject(new Error(t('console.refund.amountTooLarge', { max })));
                }
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="decimal" maxLength={20} style={{ maxWidth: 200 }} />
        </Form.Item>
        <Form.Item name="restock" valuePropName="checked">
          <Checkbox>{t('console.refund.restock')}</Checkbox>
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('console.refund.reason')}
          rules={[{ required: true, whitespace: true, message: t('console.refund.reasonRequired') }]}
        >
          <Input.TextArea maxLength={200} rows={2} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
