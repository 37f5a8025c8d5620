import { lazy, Suspense, useSyncExternalStore } from 'react';
import { DISCOUNT_CODE_KEY_PREFIX } from '../discount-key';
import { useStorefront } from '../storefront-context';

const DiscountNotice = lazy(() =>
  import('./discount-notice').then((module) => ({ default: module.DiscountNotice })),
);

/** Whether this browser may hold a code for the shop: its address names one, or one is kept. */
function mayHaveCode(slug: string): boolean {
  if (new URLSearchParams(window.location.search).has('code')) return true;
  try {
    return localStorage.getItem(`${DISCOUNT_CODE_KEY_PREFIX}${slug}`) !== null;
  } catch {
    return false;
  }
}

const neverChanges = () => () => {};

/**
 * The shop page's notice of a code the checkout will apply, loaded only where there may be one:
 * most visits come without a code, and the shop page's first download has a budget (decision
 * 0021). Nothing on the server (no buyer storage there) nor while hydrating.
 */
export function LinkedCodeNotice() {
  const { slug } = useStorefront();
  const may = useSyncExternalStore(
    neverChanges,
    () => slug !== null && mayHaveCode(slug),
    () => false,
  );
  return may ? (
    <Suspense fallback={null}>
      <DiscountNotice />
    </Suspense>
  ) : null;
}
