import { newIdempotencyKey } from '../../shared/idempotency-key';
import { minorToDecimal, type TEarningsSummary } from '@linkstore/contract';
import { Alert, App, Descriptions, Form, Input, Modal, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import { useFormatMoney } from '../../shared/format/use-format';
import { useWithdraw } from './api';
import { checkAmount, isLostAnswer } from './withdraw';

interface TWithdrawForm {
  amount: string;
}

const FIELDS = ['amount'] as const;
/** The server names the amount field after the request's `amountMinor`. */
const FIELD_MAP = { amountMinor: 'amount' };

export interface TWithdrawDialogProps {
  summary: TEarningsSummary;
  onClose: () => void;
}

/**
 * The withdraw dialog, mounted while open: the amount in dollars (all of the available balance unless changed),
 * checked against the payout rules before it is sent, and where the money goes. One request key
 * per opening, kept when an answer was lost (the retry answers the same payout, so the amount is
 * then fixed), renewed after a refusal (nothing was paid).
 */
export function WithdrawDialog({ summary, onClose }: TWithdrawDialogProps) {
  const { t } = useTranslation('payouts');
  const { message } = App.useApp();
  const money = useFormatMoney();
  const [form] = Form.useForm<TWithdrawForm>();
  const withdraw = useWithdraw();
  const [firstKey] = useState(newIdempotencyKey);
  const requestKey = useRef(firstKey);
  const [isLost, setLost] = useState(false);
  const currency = summary.currencyCode;
  const format = (cents: number) => money(cents, currency);

  const submit = async () => {
    const { amount } = await form.validateFields();
    const check = checkAmount(amount, summary);
    if (!('cents' in check)) return;
    try {
      await withdraw.mutateAsync({
        amountMinor: check.cents,
        currencyCode: 'USD',
        requestKey: requestKey.current,
      });
    } catch (error) {
      const lost = isLostAnswer(error);
      setLost(lost);
      if (!lost) requestKey.current = newIdempotencyKey();
      applyServerFieldErrors(form, error, FIELDS, FIELD_MAP);
      return;
    }
    void message.success(t('withdraw.done', { amount: format(check.cents) }));
    onClose();
  };

  const account = summary.payoutAccount;
  return (
    <Modal
      open
      title={t('withdraw.title')}
      okText={t('withdraw.submit')}
      cancelText={t('withdraw.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={withdraw.isPending}
      okButtonProps={{ style: { minHeight: 44 } }}
      cancelButtonProps={{ style: { minHeight: 44 } }}
    >
      <Form<TWithdrawForm>
        form={form}
        name="withdraw"
        layout="vertical"
        initialValues={{ amount: minorToDecimal(Math.max(0, summary.availableMinor), 2) }}
        onFinish={() => void submit().catch(() => undefined)}
      >
        <Form.Item
          name="amount"
          label={t('withdraw.amount', { currency })}
          extra={t('withdraw.amountHint', { available: format(summary.availableMinor) })}
          validateFirst
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const check = checkAmount(value ?? '', summary);
                if ('cents' in check) return Promise.resolve();
                return Promise.reject(
                  new Error(
                    t(`withdraw.error.${check.error}`, {
                      available: format(summary.availableMinor),
                      minimum: format(summary.minimumPayoutMinor),
                      maximum: format(summary.dailyMaximumMinor),
                    }),
                  ),
                );
              },
            },
          ]}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            prefix="$"
            size="large"
            // After a lost answer the retry must be the same request: same key, same amount.
            readOnly={isLost}
          />
        </Form.Item>
      </Form>
      {isLost && (
        <Alert
          type="warning"
          showIcon
          role="status"
          title={t('withdraw.lost')}
          style={{ marginBottom: 12 }}
        />
      )}
      {account && (
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'to',
              label: t('withdraw.to'),
              children: (
                <span style={{ overflowWrap: 'anywhere' }}>
                  {account.email}{' '}
                  {account.verified ? <Tag color="success">{t('account.verified')}</Tag> : null}
                </span>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
