import { ZShopName } from '@linkstore/contract';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import { useCreateShop } from './api';
import { slugFromName, slugProblem } from './shop-link';
import { slugRules } from './slug-rules';
import { SlugAvailability } from './slug-availability';
import { linkOf } from './use-shop-link';
import { useSlugCheck } from './use-slug-check';

interface TOpenShopValues {
  name: string;
  slug: string;
}

const NAME_MAX = ZShopName.maxLength ?? 80;
const FIELDS = ['name', 'slug'] as const;

/**
 * Opening the shop: a name and the link name, with the link previewed as it will be and checked
 * with the server as the creator types (free, or taken with free names to pick).
 */
export function OpenShopForm() {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const [form] = Form.useForm<TOpenShopValues>();
  const createShop = useCreateShop();
  // The slug follows the name until the creator types one of their own.
  const [isSlugTyped, setSlugTyped] = useState(false);
  const slug = Form.useWatch('slug', form) ?? '';
  const availability = useSlugCheck(slug);
  const taken = availability.state === 'done' && availability.check.status !== 'available';
  const pick = (suggestion: string) => {
    form.setFieldValue('slug', suggestion);
    setSlugTyped(true);
    void form.validateFields(['slug']).catch(() => undefined);
  };

  // The http client tells a refusal; one naming a field (a slug another shop has) also shows under it.
  const onFinish = (values: TOpenShopValues) =>
    createShop.mutate(
      { name: values.name.trim(), slug: values.slug.trim() },
      {
        onSuccess: () => void message.success(t('shop.open.success')),
        onError: (error) => applyServerFieldErrors(form, error, FIELDS),
      },
    );

  return (
    <Card title={t('shop.open.heading')}>
      <Typography.Paragraph type="secondary">{t('shop.open.text')}</Typography.Paragraph>
      <Form<TOpenShopValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={(changed: Partial<TOpenShopValues>) => {
          if (changed.slug !== undefined) setSlugTyped(true);
          if (changed.name !== undefined && !isSlugTyped) {
            form.setFieldValue('slug', slugFromName(changed.name));
            void form.validateFields(['slug']).catch(() => undefined);
          }
        }}
      >
        <Form.Item
          name="name"
          label={t('shop.field.name')}
          rules={[{ required: true, whitespace: true, message: t('shop.field.nameRequired') }]}
        >
          <Input maxLength={NAME_MAX} autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="slug"
          label={t('shop.field.slug')}
          extra={t('shop.slug.hint')}
          rules={slugRules(t)}
          normalize={(value: string) => value.toLowerCase()}
          {...(taken ? { validateStatus: 'error' as const } : {})}
        >
          <Input maxLength={40} autoCapitalize="none" spellCheck={false} />
        </Form.Item>
        <SlugAvailability availability={availability} onPick={pick} />
        {slugProblem(slug) === null && (
          <Typography.Paragraph>
            {t('shop.open.preview')} <Typography.Text code>{linkOf(slug)}</Typography.Text>
          </Typography.Paragraph>
        )}
        <Button type="primary" htmlType="submit" loading={createShop.isPending}>
          {t('shop.open.submit')}
        </Button>
      </Form>
    </Card>
  );
}
