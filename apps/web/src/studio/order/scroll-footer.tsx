import { Button, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './order-page.module.css';

export type TScrollFooterState = 'more' | 'loading' | 'end';

/** What the end of a scrolled list says; null before the first page has arrived. */
export function scrollFooterState(list: {
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
}): TScrollFooterState | null {
  if (list.isPending) return null;
  if (list.isFetchingNextPage) return 'loading';
  return list.hasNextPage ? 'more' : 'end';
}

interface ScrollFooterProps {
  state: TScrollFooterState;
  onLoadMore: () => void;
}

/**
 * "Down to load more..." loads the next page when it scrolls into view, or when pressed (the
 * keyboard's way, and browsers without IntersectionObserver); then "Loading...", "No more data...".
 */
export function ScrollFooter({ state, onLoadMore }: ScrollFooterProps) {
  const { t } = useTranslation('orders');
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (state !== 'more' || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [state, onLoadMore]);

  return (
    <div ref={sentinel} className={styles.footer} role="status">
      {state === 'more' && (
        <Button type="link" onClick={onLoadMore}>
          {t('orders.loadMore')}
        </Button>
      )}
      {state === 'loading' && (
        <>
          <Spin size="small" /> <Typography.Text type="secondary">{t('orders.loading')}</Typography.Text>
        </>
      )}
      {state === 'end' && <Typography.Text type="secondary">{t('orders.noMore')}</Typography.Text>}
    </div>
  );
}
