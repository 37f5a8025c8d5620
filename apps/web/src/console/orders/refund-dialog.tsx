import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import {
  decimalToMinor,
  minorDigitsOf,
  minorToDecimal,
  refundLineAmounts,
  type TConsoleOrderDetail,
  type TConsoleOrderItem,
  type TConsoleRefund,
} from '@linkstore/contract';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../shared/http/http-error';
import { isRefusal } from '../../shared/http/idempotency-key';
import { newIdempotencyKey } from '../../shared/idempotency-key';
import { useFormatMoney } from '../../shared/format/use-format';
import { useRefundOrder } from './api';
import { lineName } from './order-parts';
import { OrderProblem, problemOf, type TOrderProblem } from './order-problem';
import styles from './refund-dialog.module.css';

interface TRefundForm {
  amount: string;
  restock: boolean;
  reason: string;
}

/** Units of the line a refund by lines may still take. */
const refundableOf = (item: TConsoleOrderItem) => Math.max(0, item.quantity - item.refundedQuantity);

/**
 * What the chosen lines give back, each and in all: the server's own computation (each line's paid
 * value as a share of the capture — captured is refunded + refundable — in the order's line order,
 * never above what is left).
 */
function lineAmounts(order: TConsoleOrderDetail, picked: ReadonlyMap<string, number>) {
  const lines = order.items.filter((item) => picked.has(item.id));
  const amounts = refundLineAmounts({
    capturedMinor: order.refundedMinor + order.refundableMinor,
    leftMinor: order.refundableMinor,
    items: order.items.map((item) => ({
      id: item.id,
      sellingUnitMinor: item.sellingUnitMinor,
      quantity: item.quantity,
      discountMinor: item.discountMinor,
    })),
    before: order.items.map((item) => ({ itemId: item.id, quantity: item.refundedQuantity })),
    lines: lines.map((item) => ({ itemId: item.id, quantity: picked.get(item.id) ?? 0 })),
  });
  const byLine = new Map(lines.map((item, i) => [item.id, amounts[i] ?? 0]));
  return { byLine, totalMinor: amounts.reduce((sum, amount) => sum + amount, 0) };
}

/**
 * Refunds part or all of what is still refundable: chosen lines (the server computes the amount;
 * the amount field shows it) or an amount alone (a goodwill refund). The amount is typed in the
 * currency's decimal units and becomes integer minor units with the contract's decimal helper (no
 * float on the way); the request names the version the operator saw. A refusal naming a line
 * (`lines.N.quantity`) is shown under that line.
 */
export function RefundDialog({ order, onClose }: { order: TConsoleOrderDetail; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const money = useFormatMoney();
  const [form] = Form.useForm<TRefundForm>();
  const [problem, setProblem] = useState<TOrderProblem | undefined>();
  const [picked, setPicked] = useState<ReadonlyMap<string, number>>(new Map());
  const [lineErrors, setLineErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const refund = useRefundOrder();
  // This refund's Idempotency-Key: kept while an answer is lost, a new one after a refusal.
  const key = useRef(newIdempotencyKey());
  const digits = minorDigitsOf(order.currencyCode);
  const max = money(order.refundableMinor, order.currencyCode);
  const minorOf = (text: string) => decimalToMinor(text, digits, { decimalComma: true });
  const amounts = useMemo(() => lineAmounts(order, picked), [order, picked]);
  const byLines = picked.size > 0;
  // The order read again (after a stale refusal) may change the chosen lines' total: follow it.
  useEffect(() => {
    if (byLines) form.setFieldValue('amount', minorToDecimal(amounts.totalMinor, digits));
  }, [form, byLines, amounts.totalMinor, digits]);

  /** A new choice of lines: the amount field follows their total (back to the maximum without lines). */
  const choose = (next: ReadonlyMap<string, number>) => {
    setPicked(next);
    setLineErrors(new Map());
    const total = lineAmounts(order, next).totalMinor;
    form.setFieldValue('amount', minorToDecimal(next.size > 0 ? total : order.refundableMinor, digits));
    void form.validateFields(['amount']).catch(() => undefined);
  };
  const toggle = (item: TConsoleOrderItem, on: boolean) => {
    const next = new Map(picked);
    if (on) next.set(item.id, next.get(item.id) ?? refundableOf(item));
    else next.delete(item.id);
    choose(next);
  };
  const setQuantity = (item: TConsoleOrderItem, quantity: number) => {
    const units = Math.min(Math.max(1, Math.trunc(quantity)), refundableOf(item));
    choose(new Map(picked).set(item.id, units));
  };

  /** A refusal's `lines.N.*` field messages, on the lines sent. */
  const showLineErrors = (error: unknown, sent: string[]) => {
    if (!isHttpError(error) || !error.data) return;
    const errors = new Map<string, string>();
    for (const { field, message: text } of error.data.fields) {
      const index = /^lines\.(\d+)\./.exec(field)?.[1];
      const itemId = index === undefined ? undefined : sent[Number(index)];
      if (itemId) errors.set(itemId, text);
    }
    setLineErrors(errors);
  };

  const submit = async () => {
    const values = await form.validateFields();
    const lines = order.items
      .filter((item) => picked.has(item.id))
      .map((item) => ({ itemId: item.id, quantity: picked.get(item.id) ?? 0 }));
    const amountMinor = byLines ? amounts.totalMinor : minorOf(values.amount);
    if (amountMinor === null) return;
    setProblem(undefined);
    setLineErrors(new Map());
    let answer: TConsoleRefund;
    try {
      answer = await refund.mutateAsync({
        orderNo: order.orderNo,
        ...(byLines ? { lines } : { amountMinor }),
        restock: values.restock,
        reason: values.reason.trim(),
        version: order.version,
        idempotencyKey: key.current,
      });
    } catch (error) {
      if (isRefusal(error)) key.current = newIdempotencyKey();
      setProblem(problemOf(error));
      showLineErrors(
        error,
        lines.map((line) => line.itemId),
      );
      return;
    }
    void message.success(
      t('console.refund.done', {
        amount: money(answer.amountMinor, answer.currencyCode),
        orderNo: order.orderNo,
      }),
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
      {order.items.length > 0 && (
        <fieldset className={styles.lines}>
          <legend className={styles.legend}>{t('console.refund.lines')}</legend>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('console.refund.linesHint')}
          </Typography.Paragraph>
          <ul className={styles.list}>
            {order.items.map((item) => (
              <RefundLine
                key={item.id}
                item={item}
                currencyCode={order.currencyCode}
                quantity={picked.get(item.id)}
                amountMinor={amounts.byLine.get(item.id)}
                error={lineErrors.get(item.id)}
                onToggle={(on) => toggle(item, on)}
                onQuantity={(quantity) => setQuantity(item, quantity)}
              />
            ))}
          </ul>
          {byLines && (
            <Typography.Text strong>
              {t('console.refund.linesTotal', { amount: money(amounts.totalMinor, order.currencyCode) })}
            </Typography.Text>
          )}
        </fieldset>
      )}
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
          extra={byLines ? t('console.refund.amountFromLines') : undefined}
          rules={[
            { required: true, whitespace: true, message: t('console.refund.amountRequired') },
            {
              validator: (_, value: string | undefined) => {
                if (byLines) {
                  return amounts.totalMinor > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('console.refund.amountZero')));
                }
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
          <Input inputMode="decimal" maxLength={20} readOnly={byLines} style={{ maxWidth: 200 }} />
        </Form.Item>
        <Form.Item
          name="restock"
          valuePropName="checked"
          extra={byLines ? t('console.refund.restockLines') : undefined}
        >
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

/** One order line in the checklist: chosen or not, how many units (up to what is refundable), its share. */
function RefundLine({
  item,
  currencyCode,
  quantity,
  amountMinor,
  error,
  onToggle,
  onQuantity,
}: {
  item: TConsoleOrderItem;
  currencyCode: string;
  quantity: number | undefined;
  amountMinor: number | undefined;
  error: string | undefined;
  onToggle: (on: boolean) => void;
  onQuantity: (quantity: number) => void;
}) {
  const { t } = useTranslation('orders');
  const money = useFormatMoney();
  const name = lineName(item);
  const most = refundableOf(item);
  // A line not chosen shows what choosing it takes (every unit left); stepping or typing chooses it.
  const shown = quantity ?? most;
  const errorId = `refund-line-error-${item.id}`;
  const step = (units: number) => onQuantity(units);
  return (
    <li className={styles.line}>
      <Checkbox
        className={styles.pick}
        checked={quantity !== undefined}
        disabled={most === 0}
        onChange={(event) => onToggle(event.target.checked)}
        {...(error ? { 'aria-describedby': errorId } : {})}
      >
        <span className={styles.name}>
          <span>{name}</span>
          <Typography.Text type="secondary">
            {[
              item.sku && t('console.refund.sku', { sku: item.sku }),
              t('console.refund.bought', { count: item.quantity }),
              item.refundedQuantity > 0 &&
                t('console.refund.alreadyRefunded', { count: item.refundedQuantity }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </span>
      </Checkbox>
      {most > 0 && (
        <div className={styles.controls}>
          <div className={styles.stepper}>
            <Button
              className={styles.stepButton}
              icon={<MinusOutlined aria-hidden />}
              aria-label={t('console.refund.fewer', { line: name })}
              disabled={shown <= 1}
              onClick={() => step(shown - 1)}
            />
            <InputNumber<number>
              className={styles.quantity}
              controls={false}
              min={1}
              max={most}
              precision={0}
              value={shown}
              aria-label={t('console.refund.quantityOf', { line: name })}
              {...(error ? { status: 'error' as const, 'aria-describedby': errorId } : {})}
              onChange={(value) => {
                if (value !== null) step(value);
              }}
            />
            <Button
              className={styles.stepButton}
              icon={<PlusOutlined aria-hidden />}
              aria-label={t('console.refund.more', { line: name })}
              disabled={shown >= most}
              onClick={() => step(shown + 1)}
            />
            <Typography.Text type="secondary">{t('console.refund.ofMost', { count: most })}</Typography.Text>
          </div>
          <Typography.Text className={styles.amount} strong={amountMinor !== undefined}>
            {amountMinor !== undefined
              ? money(amountMinor, currencyCode)
              : t('console.refund.each', { price: money(item.sellingUnitMinor, currencyCode) })}
          </Typography.Text>
        </div>
      )}
      {most === 0 && <Typography.Text type="secondary">{t('console.refund.allRefunded')}</Typography.Text>}
      {error && (
        <Typography.Text id={errorId} type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </li>
  );
}
