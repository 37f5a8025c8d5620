import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alreadyShown } from '../../shared/http/use-route-mutation';
import { myShopQuery } from '../shop/api';
import { useConnectPayPal } from '../shop/paypal-api';
import { KeepPricesButton } from '../pricing/keep-prices-button';
import { doneCount, quickStartSteps, type TQuickStartStep } from './quick-start';
import styles from './home-page.module.css';

/** Step 2 connects PayPal from here once the shop is open (else it leads to the shop page). */
function ConnectPayPalButton() {
  const { t } = useTranslation('paypal');
  const connect = useConnectPayPal();
  return (
    <Button loading={connect.isPending} onClick={() => void connect.mutateAsync().catch(alreadyShown)}>
      {t('connect')}
    </Button>
  );
}

function StepItem({ step, index, hasShop }: { step: TQuickStartStep; index: number; hasShop: boolean }) {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  return (
    <li className={styles.step} aria-label={t(`home.quickStart.${step.key}.title`)}>
      <span className={step.done ? styles.stepDone : styles.stepNumber} aria-hidden>
        {step.done ? <CheckCircleFilled /> : index + 1}
      </span>
      <div className={styles.stepText}>
        <Typography.Text strong>{t(`home.quickStart.${step.key}.title`)}</Typography.Text>
        <Typography.Text type="secondary">{t(`home.quickStart.${step.key}.text`)}</Typography.Text>
      </div>
      <div className={styles.stepActions}>
        {step.done ? (
          <Tag color="success">{t('home.quickStart.done')}</Tag>
        ) : step.key === 'payment' && hasShop ? (
          <ConnectPayPalButton />
        ) : (
          <>
            {/* Step 3 is also done by accepting the suggested prices as they are. */}
            {step.key === 'prices' && hasShop && <KeepPricesButton />}
            <Button type={index === 0 ? 'primary' : 'default'} onClick={() => void navigate(step.to)}>
              {t(`home.quickStart.${step.key}.action`)}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** The four first steps, each marked done from the shop the server answers; gone once all are done. */
export function QuickStart() {
  const { t } = useTranslation('studio');
  const shop = useQuery(myShopQuery);
  if (shop.isPending) return <Skeleton active />;
  if (shop.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('shop.loadFailed')}
        action={<Button onClick={() => void shop.refetch()}>{t('shop.retry')}</Button>}
      />
    );
  const steps = quickStartSteps(shop.data);
  const done = doneCount(steps);
  // Its place is above the dashboard until the four steps are done.
  if (done === steps.length) return null;
  return (
    <Card title={<h2 className={styles.cardTitle}>{t('home.quickStart.heading')}</h2>}>
      <Progress
        percent={Math.round((done / steps.length) * 100)}
        format={() => t('home.quickStart.progress', { done, total: steps.length })}
        aria-label={t('home.quickStart.progressLabel')}
      />
      <ol className={styles.steps}>
        {steps.map((step, index) => (
          <StepItem key={step.key} step={step} index={index} hasShop={shop.data !== null} />
        ))}
      </ol>
    </Card>
  );
}
