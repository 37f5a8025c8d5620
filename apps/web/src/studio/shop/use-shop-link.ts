import { shopLink, type TShop } from '@linkstore/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { readRuntimeConfig } from '../../shared/config/runtime-config';
import { useMarkShopShared } from './api';

/** The public link of a shop on this site (runtime config decides subdomain or path). */
export function linkOf(slug: string): string {
  return shopLink(slug, {
    origin: window.location.origin,
    shopBaseDomain: readRuntimeConfig().shopBaseDomain,
  });
}

/**
 * The shop's link and what a creator does with it: copy, share, or note that it went out
 * another way (the QR code saved). Each records the first share for the quick start.
 */
export function useShopLink(shop: TShop) {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const markShared = useMarkShopShared();
  const link = linkOf(shop.slug);

  /** The http client tells a failure; the link went out all the same. */
  const noteShared = () => {
    if (!shop.linkSharedAt) markShared.mutate();
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      void message.error(t('shop.link.copyFailed'));
      return;
    }
    void message.success(t('shop.link.copied'));
    noteShared();
  };

  /** The system share sheet where there is one (phones); elsewhere the link is copied. */
  const share = async () => {
    if (typeof navigator.share !== 'function') return copy();
    try {
      await navigator.share({ title: shop.name, url: link });
    } catch (error) {
      // The creator closed the sheet: nothing went out.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      return copy();
    }
    noteShared();
  };

  return { link, copy, share, noteShared };
}
