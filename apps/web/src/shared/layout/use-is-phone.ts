import { useSyncExternalStore } from 'react';

/** Below this width (px) the studio uses its phone layout: bottom navigation, cards, 44 px targets. */
export const PHONE_MAX_WIDTH = 767;

const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

function phoneQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * True below 768 px (antd's `md` breakpoint), following the window as it is resized or turned.
 * Asks the browser the one question it needs (a query that holds only on phones), so a browser or
 * test without media queries gets the wide layout.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => phoneQuery()?.matches ?? false);
}
