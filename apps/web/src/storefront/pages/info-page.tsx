import type { TInfoPageKey } from '@linkstore/contract';
import { useCallback } from 'react';
import { RichTextView } from '../../shared/rich-text/rich-text-view';
import { infoPagesApi } from '../api';
import { LoadError, Loading } from '../components/status';
import { useRestoreScroll } from '../router';
import { useStorefront } from '../storefront-context';
import { useLoad } from '../use-load';

/**
 * One of the platform's information pages (shipping, returns, contact, terms, privacy) as the
 * operators wrote it, in the buyer's language or else in English (said so, and marked `lang`).
 * Its own chunk: the shop page never downloads it.
 */
export function InfoPage({ page }: { page: TInfoPageKey }) {
  const { t, language } = useStorefront();
  const fetchPage = useCallback(() => infoPagesApi.page(page), [page]);
  const { data, error, retry } = useLoad(fetchPage, null);
  useRestoreScroll(data !== null);
  const title = t(`info.${page}`);

  if (error) return <LoadError message={t('info.loadFailed')} onRetry={retry} />;
  if (!data) return <Loading />;
  const fallback = data.lang !== language;
  return (
    <article className="sf-section sf-narrow" aria-labelledby="sf-info-title">
      <h1 id="sf-info-title">{title}</h1>
      {fallback && <p className="sf-muted">{t('info.inEnglish')}</p>}
      <div lang={fallback ? data.lang : undefined}>
        <RichTextView doc={data.doc} className="sf-rich" />
      </div>
    </article>
  );
}
