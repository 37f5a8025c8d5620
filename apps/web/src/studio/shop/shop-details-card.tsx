import { ZShopName, type TShop } from '@linkstore/contract';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import { ImageUpload } from '../../shared/upload/image-upload';
import { useUpdateShop } from './api';
import { SlugAvailability } from './slug-availability';
import { changedDetails, slugRules, type TShopDetails } from './slug-rules';
import { useSlugCheck } from './use-slug-check';

const NAME_MAX = ZShopName.maxLength ?? 80;
const DESCRIPTION_MAX = 2000;
const FIELDS = ['name', 'slug', 'description', 'bannerUrl', 'imageUrl'] as const;

function detailsOf(shop: TShop): TShopDetails {
  return {
    name: shop.name,
    slug: shop.slug,
    description: shop.description,
    bannerUrl: shop.bannerUrl,
    imageUrl: shop.imageUrl,
  };
}

/** Name, link name, description, banner and shop image (also the page icon). */
export function ShopDetailsCard({ shop }: { shop: TShop }) {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const [form] = Form.useForm<TShopDetails>();
  const updateShop = useUpdateShop();
  const slug = Form.useWatch('slug', form);
  // A new link name is checked as it is typed; the current one is the shop's own.
  const availability = useSlugCheck(slug ?? shop.slug, shop.slug);
  const taken = availability.state === 'done' && availability.check.status !== 'available';
  const pick = (suggestion: string) => {
    form.setFieldValue('slug', suggestion);
    void form.validateFields(['slug']).catch(() => undefined);
  };

  const onFinish = (values: TShopDetails) => {
    const changes = changedDetails(shop, values);
    if (Object.keys(changes).length === 0) {
      void message.info(t('shop.details.unchanged'));
      return;
    }
    updateShop.mutate(changes, {
      onSuccess: (saved) => {
        form.setFieldsValue(detailsOf(saved));
        void message.success(t('shop.details.saved'));
      },
      // The http client tells a refusal; one naming a field (a slug another shop has) also shows under it.
      onError: (error) => applyServerFieldErrors(form, error, FIELDS),
    });
  };

  return (
    <Card title={t('shop.details.heading')}>
      <Form<TShopDetails>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={detailsOf(shop)}
        onFinish={onFinish}
      >
        <Form.Item
          name="name"
          label={t('shop.field.name')}
          rules={[{ required: true, whitespace: true, message: t('shop.field.nameRequired') }]}
        >
          <Input maxLength={NAME_MAX} />
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
        {slug !== undefined && slug !== shop.slug && (
          <Alert type="warning" showIcon style={{ marginBottom: 24 }} title={t('shop.details.slugWarning')} />
        )}
        <Form.Item name="description" label={t('shop.field.description')}>
          <Input.TextArea maxLength={DESCRIPTION_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item name="bannerUrl" label={t('shop.field.banner')} extra={t('shop.field.bannerHint')}>
          <ImageUpload purpose="banner" />
        </Form.Item>
        <Form.Item name="imageUrl" label={t('shop.field.image')} extra={t('shop.field.imageHint')}>
          <ImageUpload purpose="shop" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={updateShop.isPending}>
          {t('shop.details.submit')}
        </Button>
      </Form>
    </Card>
  );
}
