import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SLUG_MAX, SLUG_MIN } from './shop-link';
import styles from './shop-page.module.css';
import type { TSlugAvailability } from './use-slug-check';

/**
 * Under the link field: whether the name typed is free, said as it is known (a polite live
 * region, so a screen reader hears "taken" without leaving the field), with up to two free names
 * to pick when it is taken.
 */
export function SlugAvailability({
  availability,
  onPick,
}: {
  availability: TSlugAvailability;
  onPick: (slug: string) => void;
}) {
  const { t } = useTranslation('studio');
  const check = availability.state === 'done' ? availability.check : null;
  return (
    <div role="status" aria-live="polite" className={styles.slugStatus}>
      {availability.state === 'checking' && (
        <Typography.Text type="secondary">{t('shop.slug.checking')}</Typography.Text>
      )}
      {check?.status === 'available' && (
        <span className={styles.slugFree}>
          <CheckCircleFilled aria-hidden /> {t('shop.slug.available', { slug: check.slug })}
        </span>
      )}
      {check?.status === 'taken' && (
        <span className={styles.slugTaken}>
          <CloseCircleFilled aria-hidden /> {t('shop.slug.taken', { slug: check.slug })}
        </span>
      )}
      {check?.status === 'invalid' && check.problem && check.problem !== 'taken' && (
        <span className={styles.slugTaken}>
          {t(`shop.slug.${check.problem}`, { min: SLUG_MIN, max: SLUG_MAX })}
        </span>
      )}
      {check?.status === 'taken' && check.suggestions.length > 0 && (
        <div className={styles.slugSuggestions}>
          <Typography.Text type="secondary">{t('shop.slug.suggestions')}</Typography.Text>
          {check.suggestions.map((suggestion) => (
            <Button key={suggestion} size="small" onClick={() => onPick(suggestion)}>
              {suggestion}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
