import { CopyOutlined } from '@ant-design/icons';
import type { TShop } from '@linkstore/contract';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShopLink } from '../shop/use-shop-link';
import styles from './studio-layout.module.css';

/** The link cut before its last part (the slug), where a line may break first. */
function splitLink(link: string): [string, string] {
  const at = link.lastIndexOf('/') + 1;
  return at > 0 && at < link.length ? [link.slice(0, at), link.slice(at)] : [link, ''];
}

/**
 * The link area above every studio page: the creator's shop link, whole (it wraps on a phone,
 * the slug never cut), one click to copy.
 */
export function ShopLinkArea({ shop }: { shop: TShop }) {
  const { t } = useTranslation('studio');
  const { link, copy } = useShopLink(shop);
  const [head, slug] = splitLink(link);
  return (
    <section className={styles.linkArea} aria-label={t('layout.linkArea')}>
      <Typography.Text type="secondary">{t('layout.yourLink')}</Typography.Text>
      <Typography.Link href={link} target="_blank" rel="noopener noreferrer" className={styles.link}>
        <span>
          {head}
          <wbr />
          {slug}
        </span>
      </Typography.Link>
      <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
        {t('shop.link.copy')}
      </Button>
    </section>
  );
}
