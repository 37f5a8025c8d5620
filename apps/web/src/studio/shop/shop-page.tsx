import { ShopOutlined } from '@ant-design/icons';
import type { TShop } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fileUrl } from '../../shared/upload/upload-api';
import { myShopQuery } from './api';
import { OpenShopForm } from './open-shop-form';
import { PayoutCard } from './payout-card';
import { ShareCard } from './share-card';
import { FreeShippingCard } from './free-shipping-card';
import { MailSettingsCard } from './mail-settings-card';
import { ShopDetailsCard } from './shop-details-card';
import { SuspensionBanner } from './suspension-banner';
import styles from './shop-page.module.css';
import { PageHeading } from '../layout/page-heading';

/** The sections a link may point at (`#/shop?focus=payout`), as the quick start does. */
const FOCUS_TARGETS: Record<string, string> = {
  payout: 'shop-payout',
  share: 'shop-share',
  mails: 'shop-mails',
};

/**
 * Scrolls to the section named by `?focus=`. It waits a frame because the root layout scrolls
 * to the top after every navigation, and its effect runs after this page's.
 */
function useScrollToFocus(isReady: boolean): void {
  const [params] = useSearchParams();
  const target = FOCUS_TARGETS[params.get('focus') ?? ''];
  useEffect(() => {
    if (!isReady || !target) return;
    const frame = requestAnimationFrame(() => {
      document.getElementById(target)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [isReady, target]);
}

/** How buyers see the top of the shop: banner, shop image and name. */
function ShopCover({ shop }: { shop: TShop }) {
  return (
    <section>
      <div className={styles.cover}>
        {shop.bannerUrl && <img className={styles.bannerImage} src={fileUrl(shop.bannerUrl)} alt="" />}
      </div>
      <div className={styles.identity}>
        <Avatar
          size={56}
          shape="square"
          src={shop.imageUrl ? fileUrl(shop.imageUrl) : undefined}
          // The shop's name is beside it: the image adds nothing to read.
          alt=""
          icon={<ShopOutlined aria-hidden />}
        />
        <Typography.Title level={2} className={styles.shopName}>
          {shop.name}
        </Typography.Title>
      </div>
    </section>
  );
}

/** `#/shop`: open the shop, or edit it, share its link and set where profit is paid. */
export function ShopPage() {
  const { t } = useTranslation('studio');
  const shop = useQuery(myShopQuery);
  useScrollToFocus(Boolean(shop.data));

  let body;
  if (shop.isPending) body = <Skeleton active />;
  else if (shop.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('shop.loadFailed')}
        action={<Button onClick={() => void shop.refetch()}>{t('shop.retry')}</Button>}
      />
    );
  else if (!shop.data) body = <OpenShopForm />;
  else
    body = (
      <>
        <ShopCover shop={shop.data} />
        <ShareCard shop={shop.data} />
        <ShopDetailsCard shop={shop.data} />
        <FreeShippingCard shop={shop.data} />
        <PayoutCard shop={shop.data} />
        <MailSettingsCard />
      </>
    );

  return (
    <div className={styles.page}>
      <PageHeading>{t('shop.heading')}</PageHeading>
      <SuspensionBanner />
      {body}
    </div>
  );
}
