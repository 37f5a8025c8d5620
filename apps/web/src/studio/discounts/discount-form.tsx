import { DISCOUNT_AMOUNT_MAX_MINOR, DISCOUNT_CODE_PATTERN, type TDiscountCode } from '@linkstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Col,
  DatePicker,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Spin,
  Typography,
  type FormRule,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import { isHttpError } from '../../shared/http/http-error';
import { DollarsInput } from '../pricing/dollars-input';
import { productChoicesQuery, useSaveDiscount } from './api';
import { FORM_FIELDS, formFieldOf, toDiscountRequest, type TDiscountFormValues } from './discount-format';

/** The form's values for a new code, or for the code being edited. */
function initialValues(code: TDiscountCode | null): TDiscountFormValues {
  return {
    code: code?.code ?? '',
    kind: code?.kind ?? 'percent',
    percent: code?.percent ?? null,
    amountMinor: code?.amountMinor ?? null,
    minOrderMinor: code?.minOrderMinor ?? null,
    startsOn: code?.startsOn ? dayjs(code.startsOn) : null,
    endsOn: code?.endsOn ? dayjs(code.endsOn) : null,
    maxUses: code?.maxUses ?? null,
    maxUsesPerEmail: code?.maxUsesPerEmail ?? null,
    appliesTo: code?.products ? 'products' : 'shop',
    products: code?.products?.map((product) => ({ value: product.id, label: product.title })) ?? [],
  };
}

/** The server's field names (`productIds.2`) as the form's. */
function fieldMapOf(error: unknown): Record<string, string> {
  if (!isHttpError(error) || !error.data) return {};
  return Object.fromEntries(error.data.fields.map(({ field }) => [field, formFieldOf(field)]));
}

interface TDiscountDrawerProps {
  /** The code edited, or null for a new one. */
  code: TDiscountCode | null;
  onClose: () => void;
  onSaved: (saved: TDiscountCode) => void;
}

/**
 * Adds or edits a code, mounted while open. The server's refusals (a code taken, a percentage
 * that would sell below cost) land on their fields and the drawer stays open.
 */
export function DiscountDrawer({ code, onClose, onSaved }: TDiscountDrawerProps) {
  const { t } = useTranslation('discounts');
  const [form] = Form.useForm<TDiscountFormValues>();
  const save = useSaveDiscount();
  const kind = Form.useWatch('kind', form) ?? code?.kind ?? 'percent';
  const appliesTo = Form.useWatch('appliesTo', form) ?? (code?.products ? 'products' : 'shop');

  const submit = (values: TDiscountFormValues) =>
    save.mutate(
      { id: code?.id, body: toDiscountRequest(values) },
      {
        onSuccess: onSaved,
        onError: (error) => applyServerFieldErrors(form, error, FORM_FIELDS, fieldMapOf(error)),
      },
    );

  const whole = (max: number, message: string): FormRule => ({
    type: 'number',
    min: 1,
    max,
    message,
  });
  const dollars = (message: string, isRequired: boolean): FormRule => ({
    validator: (_, value: number | null | undefined) => {
      if (value === null || value === undefined)
        return isRequired ? Promise.reject(new Error(message)) : Promise.resolve();
      return value >= 1 && value <= DISCOUNT_AMOUNT_MAX_MINOR
        ? Promise.resolve()
        : Promise.reject(new Error(t('form.amountRange')));
    },
  });

  return (
    <Drawer
      open
      size="large"
      title={code ? t('form.editTitle', { code: code.code }) : t('form.newTitle')}
      onClose={onClose}
      footer={
        <Flex justify="flex-end" gap="small" wrap>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {code ? t('form.save') : t('form.create')}
          </Button>
        </Flex>
      }
    >
      <Form<TDiscountFormValues>
        form={form}
        name="discount"
        layout="vertical"
        initialValues={initialValues(code)}
        onFinish={submit}
      >
        <Form.Item
          name="code"
          label={t('form.code')}
          extra={t('form.codeHint')}
          normalize={(value: string) => value.toUpperCase()}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('form.codeRequired') },
            {
              validator: (_, value: string) =>
                DISCOUNT_CODE_PATTERN.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('form.codeFormat'))),
            },
          ]}
        >
          <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={32} />
        </Form.Item>
        <Form.Item name="kind" label={t('form.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'percent', label: t('form.percent') },
              { value: 'amount', label: t('form.amount') },
            ]}
          />
        </Form.Item>
        {kind === 'percent' ? (
          <Form.Item
            name="percent"
            label={t('form.percentValue')}
            rules={[{ required: true, message: t('form.percentRange') }, whole(100, t('form.percentRange'))]}
          >
            <InputNumber<number> min={1} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          <Form.Item
            name="amountMinor"
            label={t('form.amountValue')}
            rules={[dollars(t('form.amountRequired'), true)]}
          >
            <DollarsInput label={t('form.amountValue')} />
          </Form.Item>
        )}
        <Form.Item
          name="minOrderMinor"
          label={t('form.minOrder')}
          extra={t('form.minOrderHint')}
          rules={[dollars('', false)]}
        >
          <DollarsInput label={t('form.minOrder')} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="startsOn" label={t('form.startsOn')}>
              <DatePicker style={{ width: '100%' }} placeholder={t('form.dayPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="endsOn"
              label={t('form.endsOn')}
              dependencies={['startsOn']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: dayjs.Dayjs | null) => {
                    const startsOn = getFieldValue('startsOn') as dayjs.Dayjs | null;
                    return value && startsOn && value.isBefore(startsOn, 'day')
                      ? Promise.reject(new Error(t('form.dateOrder')))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} placeholder={t('form.dayPlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
          {t('form.daysHint')}
        </Typography.Paragraph>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="maxUses"
              label={t('form.maxUses')}
              extra={t('form.maxUsesHint')}
              rules={[whole(1_000_000, t('form.maxUsesRange'))]}
            >
              <InputNumber<number> min={1} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="maxUsesPerEmail"
              label={t('form.maxUsesPerEmail')}
              extra={t('form.maxUsesPerEmailHint')}
              rules={[whole(1_000, t('form.maxUsesPerEmailRange'))]}
            >
              <InputNumber<number> min={1} max={1_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="appliesTo" label={t('form.appliesTo')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'shop', label: t('form.wholeShop') },
              { value: 'products', label: t('form.someProducts') },
            ]}
          />
        </Form.Item>
        {appliesTo === 'products' && (
          <Form.Item
            name="products"
            label={t('form.products')}
            rules={[{ required: true, type: 'array', min: 1, message: t('form.productsRequired') }]}
          >
            <ProductPicker label={t('form.products')} />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}

type TProductChoice = { value: string; label: string };

interface TProductPickerProps {
  label: string;
  id?: string;
  value?: TProductChoice[];
  onChange?: (products: TProductChoice[]) => void;
}

/** Waits this long after the last key before asking for the matching products. */
const SEARCH_DELAY_MS = 300;
/** The contract's most products one code names. */
const MAX_PRODUCTS = 200;

/** The shop's products on sale, searched on the server as the creator types; several chosen. */
function ProductPicker({ label, id, value, onChange }: TProductPickerProps) {
  const { t } = useTranslation('discounts');
  const [typed, setTyped] = useState('');
  const [keywords, setKeywords] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeywords(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const choices = useQuery({ ...productChoicesQuery(keywords), placeholderData: keepPreviousData });
  const options = (choices.data?.list ?? []).map((product) => ({ value: product.id, label: product.title }));
  return (
    <Select<TProductChoice[], TProductChoice>
      id={id}
      mode="multiple"
      labelInValue
      aria-label={label}
      value={value}
      onChange={(next) => onChange?.(next)}
      options={options}
      maxCount={MAX_PRODUCTS}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder={t('form.productsPlaceholder')}
      loading={choices.isFetching}
      notFoundContent={choices.isFetching ? <Spin size="small" /> : t('form.noProducts')}
    />
  );
}
