import type { TShop } from '@linkstore/contract';
import { App, Button, Card, Flex, Form, Input, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateShop, useSetMyShop } from './api';

interface TPayoutValues {
  paypalEmail: string;
}

/**
 * Where profit is paid: the PayPal account's email (decision 0016). Setting it is the quick
 * start's "set up payment" step; removing it stops payouts until another is set.
 */
export function PayoutCard({ shop }: { shop: TShop }) {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const [form] = Form.useForm<TPayoutValues>();
  const setMyShop = useSetMyShop();
  const [isSaving, setSaving] = useState(false);

  const save = async (paypalEmail: string | null) => {
    setSaving(true);
    try {
      const saved = await updateShop({ paypalEmail });
      setMyShop(saved);
      form.setFieldsValue({ paypalEmail: saved.paypalEmail ?? '' });
      void message.success(t(paypalEmail ? 'shop.payout.saved' : 'shop.payout.removed'));
    } catch {
      // The http client has shown why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card id="shop-payout" title={t('shop.payout.heading')}>
      <Typography.Paragraph type="secondary">
        {shop.paypalEmail ? t('shop.payout.current', { email: shop.paypalEmail }) : t('shop.payout.none')}
      </Typography.Paragraph>
      <Form<TPayoutValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ paypalEmail: shop.paypalEmail ?? '' }}
        onFinish={(values) => void save(values.paypalEmail.trim().toLowerCase())}
      >
        <Form.Item
          name="paypalEmail"
          label={t('shop.payout.email')}
          rules={[
            { required: true, whitespace: true, message: t('shop.payout.emailRequired') },
            { type: 'email', message: t('shop.payout.emailInvalid') },
            { max: 254 },
          ]}
        >
          <Input type="email" autoComplete="email" maxLength={254} />
        </Form.Item>
        <Flex gap="small" wrap>
          <Button type="primary" htmlType="submit" loading={isSaving}>
            {t(shop.paypalEmail ? 'shop.payout.change' : 'shop.payout.set')}
          </Button>
          {shop.paypalEmail && (
            <Popconfirm
              title={t('shop.payout.removeConfirm')}
              okText={t('shop.payout.remove')}
              cancelText={t('shop.payout.cancel')}
              onConfirm={() => save(null)}
            >
              <Button danger disabled={isSaving}>
                {t('shop.payout.remove')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
