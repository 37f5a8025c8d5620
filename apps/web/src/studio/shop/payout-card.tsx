import type { TShop } from '@linkstore/contract';
import { App, Button, Card, Flex, Form, Input, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { alreadyShown } from '../../shared/http/use-route-mutation';
import { useUpdateShop } from './api';

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
  const updateShop = useUpdateShop();

  // A promise, so the removal's confirmation spins until the answer.
  const save = (paypalEmail: string | null) =>
    updateShop.mutateAsync({ paypalEmail }).then((saved) => {
      form.setFieldsValue({ paypalEmail: saved.paypalEmail ?? '' });
      void message.success(t(paypalEmail ? 'shop.payout.saved' : 'shop.payout.removed'));
    }, alreadyShown);

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
          <Button type="primary" htmlType="submit" loading={updateShop.isPending}>
            {t(shop.paypalEmail ? 'shop.payout.change' : 'shop.payout.set')}
          </Button>
          {shop.paypalEmail && (
            <Popconfirm
              title={t('shop.payout.removeConfirm')}
              okText={t('shop.payout.remove')}
              cancelText={t('shop.payout.cancel')}
              onConfirm={() => save(null)}
            >
              <Button danger disabled={updateShop.isPending}>
                {t('shop.payout.remove')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
