import {
  creatorMailsRoutes,
  type TCreatorMailSettings,
  type TCreatorMailSettingsRequest,
} from '@linkstore/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Radio, Skeleton, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import { callRoute, callRouteQuietly, routeKey } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import { LANGUAGE_NATIVE_NAMES } from '../../shared/i18n/languages';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import styles from './mail-settings-card.module.css';

/** The creator's mail settings; the card tells a failure itself (no toast). */
export const mailSettingsQuery = queryOptions({
  queryKey: [...routeKey(creatorMailsRoutes.settings)] as const,
  queryFn: ({ signal }) => callRouteQuietly(creatorMailsRoutes.settings, {}, { signal }),
});

/** Saves the settings; the server writes the mails in the language this request is made in. */
function useSaveMailSettings() {
  const queryClient = useQueryClient();
  return useRouteMutation({
    mutationFn: (body: TCreatorMailSettingsRequest) => callRoute(creatorMailsRoutes.save, { body }),
    onSuccess: (saved: TCreatorMailSettings) => queryClient.setQueryData(mailSettingsQuery.queryKey, saved),
  });
}

const FIELDS = ['sales', 'payouts', 'refunds'] as const;

/**
 * "Mail notifications" (issue 35): which mails the creator gets about sales (each paid order, a
 * daily digest or none), payouts and refunds. The live notice in the open studio stays either way.
 */
export function MailSettingsCard() {
  const { t } = useTranslation('studio');
  const settings = useQuery(mailSettingsQuery);

  let body;
  if (settings.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (settings.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('shop.mails.loadFailed')}
        action={<Button onClick={() => void settings.refetch()}>{t('shop.retry')}</Button>}
      />
    );
  else body = <MailSettingsForm settings={settings.data} />;

  return (
    <Card id="shop-mails" title={t('shop.mails.heading')}>
      {body}
    </Card>
  );
}

function MailSettingsForm({ settings }: { settings: TCreatorMailSettings }) {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const [form] = Form.useForm<TCreatorMailSettingsRequest>();
  const save = useSaveMailSettings();
  const studioLanguage = useAppPreferences((state) => state.language);
  const payoutsId = useId();
  const refundsId = useId();

  const onFinish = (values: TCreatorMailSettingsRequest) => {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.setFieldsValue({ sales: saved.sales, payouts: saved.payouts, refunds: saved.refunds });
        void message.success(t('shop.mails.saved'));
      },
      onError: (error) => applyServerFieldErrors(form, error, FIELDS),
    });
  };

  return (
    <Form<TCreatorMailSettingsRequest>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ sales: settings.sales, payouts: settings.payouts, refunds: settings.refunds }}
      onFinish={onFinish}
    >
      <Typography.Paragraph type="secondary">{t('shop.mails.intro')}</Typography.Paragraph>
      <Form.Item name="sales" label={t('shop.mails.sales')}>
        <Radio.Group aria-label={t('shop.mails.sales')} vertical className={styles.choices}>
          <Radio value="each">{t('shop.mails.each')}</Radio>
          <Radio value="digest">{t('shop.mails.digest')}</Radio>
          <Radio value="off">{t('shop.mails.off')}</Radio>
        </Radio.Group>
      </Form.Item>
      <label htmlFor={payoutsId} className={styles.switchRow}>
        <Form.Item name="payouts" valuePropName="checked" noStyle>
          <Switch id={payoutsId} />
        </Form.Item>
        {t('shop.mails.payouts')}
      </label>
      <label htmlFor={refundsId} className={styles.switchRow}>
        <Form.Item name="refunds" valuePropName="checked" noStyle>
          <Switch id={refundsId} />
        </Form.Item>
        {t('shop.mails.refunds')}
      </label>
      <Typography.Paragraph type="secondary" className={styles.language}>
        {t('shop.mails.language', { language: LANGUAGE_NATIVE_NAMES[settings.language] })}
        {studioLanguage !== settings.language &&
          ` ${t('shop.mails.languageChange', { language: LANGUAGE_NATIVE_NAMES[studioLanguage] })}`}
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('shop.mails.submit')}
      </Button>
    </Form>
  );
}
