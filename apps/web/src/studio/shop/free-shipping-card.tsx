import { FREE_SHIPPING_OVER_MAX_MINOR, type TShop } from '@linkstore/contract';
import { App, Button, Card, Form, Switch, Typography, type FormRule } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import { DollarsInput } from '../pricing/dollars-input';
import { useUpdateShop } from './api';
import styles from './free-shipping-card.module.css';

interface TFreeShippingValues {
  offered: boolean;
  freeShippingOverMinor: number | null;
}

const valuesOf = (shop: TShop): TFreeShippingValues => ({
  offered: (shop.freeShippingOverMinor ?? null) !== null,
  freeShippingOverMinor: shop.freeShippingOverMinor ?? null,
});

/**
 * The shop's free shipping over an amount (decision 0056): a switch and the amount, saved with the
 * shop. It is paid from the creator's profit, so the server refuses an amount at which an order
 * could not pay its shipping; its reason (with the lowest amount that works) shows on the field.
 */
export function FreeShippingCard({ shop }: { shop: TShop }) {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const [form] = Form.useForm<TFreeShippingValues>();
  const updateShop = useUpdateShop();
  const switchId = useId();
  const noteId = useId();
  const offered = Form.useWatch('offered', form) ?? valuesOf(shop).offered;

  const onFinish = (values: TFreeShippingValues) => {
    const freeShippingOverMinor = values.offered ? values.freeShippingOverMinor : null;
    if (freeShippingOverMinor === (shop.freeShippingOverMinor ?? null)) {
      void message.info(t('shop.details.unchanged'));
      return;
    }
    updateShop.mutate(
      { freeShippingOverMinor },
      {
        onSuccess: (saved) => {
          form.setFieldsValue(valuesOf(saved));
          void message.success(t('shop.freeShipping.saved'));
        },
        onError: (error) => applyServerFieldErrors(form, error, ['freeShippingOverMinor']),
      },
    );
  };

  const amountRule: FormRule = {
    validator: (_, value: number | null | undefined) => {
      if (value === null || value === undefined) {
        return Promise.reject(new Error(t('shop.freeShipping.amountRequired')));
      }
      return value >= 1 && value <= FREE_SHIPPING_OVER_MAX_MINOR
        ? Promise.resolve()
        : Promise.reject(new Error(t('shop.freeShipping.amountRange')));
    },
  };

  return (
    <Card id="shop-free-shipping" title={t('shop.freeShipping.heading')}>
      <Form<TFreeShippingValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={valuesOf(shop)}
        onFinish={onFinish}
      >
        <label htmlFor={switchId} className={styles.switchRow}>
          <Form.Item name="offered" valuePropName="checked" noStyle>
            <Switch id={switchId} aria-describedby={noteId} />
          </Form.Item>
          {t('shop.freeShipping.offer')}
        </label>
        {offered && (
          <Form.Item
            name="freeShippingOverMinor"
            label={t('shop.freeShipping.amount')}
            extra={t('shop.freeShipping.amountHint')}
            rules={[amountRule]}
          >
            <DollarsInput label={t('shop.freeShipping.amount')} />
          </Form.Item>
        )}
        <Typography.Paragraph id={noteId} type="secondary">
          {t('shop.freeShipping.note')}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={updateShop.isPending}>
          {t('shop.freeShipping.submit')}
        </Button>
      </Form>
    </Card>
  );
}
