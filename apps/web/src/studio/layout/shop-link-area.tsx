import { CopyOutlined } from '@ant-design/icons';
import type { TShop } from '@linkstore/contract';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShopLink } from '../shop/use-shop-link';
import styles from './studio-layout.module.css';

/** The link area above every studio page: the creator's shop link, one click to copy. */
export function ShopLinkArea({ shop }: { shop: TShop }) {
  const { t } = useTranslation('studio');
  const { link, copy } = useShopLink(shop);
  return (
    <section className={styles.linkArea} aria-label={t('layout.linkArea')}>
      <Typography.Text type="secondary">{t('layout.yourLink')}</Typography.Text>
      <Typography.Link href={link} target="_blank" rel="noopener noreferrer" ellipsis className={styles.link}>
        {link}
      </Typography.Link>
      <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
        {t('shop.link.copy')}
      </Button>
    </section>
  );
}
