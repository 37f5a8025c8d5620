import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { sandboxConsentQuery, useSandboxDecide } from './paypal-api';
import styles from './paypal-pages.module.css';

interface TConsentValues {
  email: string;
}

/**
 * The offline sandbox's stand-in for PayPal's consent screen: the creator names the sandbox
 * account and agrees (the server issues a code for our callback, as PayPal would) or cancels.
 */
export function PayPalConsentPage() {
  const { t } = useTranslation('paypal');
  const [search] = useSearchParams();
  const state = search.get('state') ?? '';
  const consent = useQuery({ ...sandboxConsentQuery(state), enabled: state !== '', retry: false });
  const decide = useSandboxDecide(state);

  if (state === '' || consent.isError) {
    return (
      <div className={styles.page}>
        <Card className={styles.card}>
          <Alert type="error" showIcon title={t('consent.gone')} />
          <div className={styles.actions} style={{ marginTop: 16 }}>
            <Link to="/shop">{t('consent.backToShop')}</Link>
          </div>
        </Card>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <Card className={styles.card} loading={consent.isPending}>
        <Typography.Title level={1} className={styles.title}>
          {t('consent.title')}
        </Typography.Title>
        <Typography.Paragraph>{t('consent.text')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('consent.sandboxNote')}</Typography.Paragraph>
        {consent.data && (
          <Form<TConsentValues>
            layout="vertical"
            requiredMark={false}
            initialValues={{ email: consent.data.email }}
            onFinish={(values) =>
              decide.mutate({ decision: 'agree', email: values.email.trim().toLowerCase() })
            }
          >
            <Form.Item
              name="email"
              label={t('consent.email')}
              rules={[
                { required: true, whitespace: true, message: t('consent.emailRequired') },
                { type: 'email', message: t('consent.emailInvalid') },
                { max: 254 },
              ]}
            >
              <Input type="email" autoComplete="email" maxLength={254} size="large" />
            </Form.Item>
            <div className={styles.actions}>
              <Button type="primary" htmlType="submit" loading={decide.isPending}>
                {t('consent.agree')}
              </Button>
              <Button disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'cancel' })}>
                {t('consent.cancel')}
              </Button>
            </div>
          </Form>
        )}
      </Card>
    </div>
  );
}
