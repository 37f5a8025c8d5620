import { BellOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STUDIO_NOTICE_PATHS } from '../../shared/notices/notices-api';

/**
 * The studio's live parts — the notice bell and the order/payout news — with the realtime
 * client behind them, loaded once the first screen is up: on a phone network every file before
 * the dashboard's answers delays the dashboard (issue 17: studio home ready ≤ 5 s at Fast 3G).
 * They start when the browser is idle (at the latest after `LIVE_START_MS`); until then the bell
 * is drawn as the same button, disabled, so nothing moves when it arrives. News published
 * meanwhile is not lost: the bell reads the unread count when it starts.
 */
export const LIVE_START_MS = 2_000;

const NoticeBell = lazy(async () => ({
  default: (await import('../../shared/notices/notice-bell')).NoticeBell,
}));
const LiveOrderNews = lazy(async () => ({
  default: (await import('../order/live-order-news')).LiveOrderNews,
}));

/** True once the browser has had an idle moment after the first render (or after `LIVE_START_MS`). */
export function useAfterFirstScreen(): boolean {
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    const ready = () => setReady(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(ready, { timeout: LIVE_START_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(ready, LIVE_START_MS);
    return () => window.clearTimeout(id);
  }, []);
  return isReady;
}

function BellPlaceholder({ className }: { className?: string | undefined }) {
  const { t } = useTranslation('common');
  return (
    <Button type="text" className={className} disabled aria-label={t('notices.title')}>
      <BellOutlined aria-hidden />
    </Button>
  );
}

/** The studio's bell: a disabled bell until the live parts have loaded. */
export function StudioNoticeBell({ className }: { className?: string }): ReactNode {
  const isReady = useAfterFirstScreen();
  const placeholder = <BellPlaceholder className={className} />;
  if (!isReady) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NoticeBell paths={STUDIO_NOTICE_PATHS} {...(className ? { className } : {})} />
    </Suspense>
  );
}

/** Order and payout news, once the first screen is up. */
export function StudioLiveNews(): ReactNode {
  const isReady = useAfterFirstScreen();
  if (!isReady) return null;
  return (
    <Suspense fallback={null}>
      <LiveOrderNews />
    </Suspense>
  );
}
