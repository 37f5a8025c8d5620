import type { TLanguage, TStorefrontBoot, TStorefrontPage } from '@linkstore/contract';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError, SHOP_SUSPENDED, storefrontApi } from './api';
import { cartFor } from './cart';
import { Layout } from './components/layout';
import { LoadError, Loading } from './components/status';
import type { TEventQueue } from './events';
import { createTranslate, intlLocale, LANGUAGE_STORAGE_KEY, type TMessages } from './i18n';
import { CURRENCY_STORAGE_KEY, formatShownPrice, formatUsdMinor, pickCurrency } from './money';
import { ShopPage } from './pages/shop-page';
import { interceptLinks, leave, matchRoute, useNavigationKey, type TRoute } from './router';
import { shopHref, StorefrontContext, useStorefront, type TStorefront } from './storefront-context';
import { readStorage, writeStorage } from './storage';
import { useLoad } from './use-load';

// Only the shop page is in the first download; the others load when a buyer goes there.
const ProductPage = lazy(() => import('./pages/product-page').then((m) => ({ default: m.ProductPage })));
const CartPage = lazy(() => import('./pages/cart-page').then((m) => ({ default: m.CartPage })));
const CheckoutPage = lazy(() => import('./pages/checkout-page').then((m) => ({ default: m.CheckoutPage })));
const PayAuthPage = lazy(() => import('./pages/payauth-page').then((m) => ({ default: m.PayAuthPage })));
const InfoPage = lazy(() => import('./pages/info-page').then((m) => ({ default: m.InfoPage })));
const ReviewPage = lazy(() => import('./pages/review-page').then((m) => ({ default: m.ReviewPage })));
const OrderPage = lazy(() => import('./pages/order-page').then((m) => ({ default: m.OrderPage })));
const FindOrderPage = lazy(() =>
  import('./pages/find-order-page').then((m) => ({ default: m.FindOrderPage })),
);
const PayResultPage = lazy(() =>
  import('./pages/payresult-page').then((m) => ({ default: m.PayResultPage })),
);

export interface TStorefrontAppProps {
  boot: TStorefrontBoot | null;
  basePath: string;
  slug: string | null;
  language: TLanguage;
  messages: TMessages;
  events: TEventQueue | null;
  /**
   * The page's address when rendered on the server (no `window` there); the browser's own
   * otherwise.
   */
  location?: TPageLocation;
  /**
   * The first render must equal the server's HTML (rendered on the server, or hydrating it): the
   * buyer's stored currency is applied right after it instead of in it.
   */
  hydrating?: boolean;
}

/** Where the page is: what the app reads of `window.location` while it renders. */
export interface TPageLocation {
  pathname: string;
  search: string;
}

/** The buyers' storefront: shop data, language, currency and cart around the current page. */
export function StorefrontApp({
  boot,
  basePath,
  slug,
  language,
  messages,
  events,
  location,
  hydrating = false,
}: TStorefrontAppProps) {
  const navigationKey = useNavigationKey();
  const route = matchRoute((location ?? window.location).pathname, basePath);
  const needsShop = route.name !== 'payauth' && route.name !== 'payresult';
  const fetchPage = useCallback(() => storefrontApi.page(slug ?? ''), [slug]);
  const pageLoad = useLoad<TStorefrontPage>(needsShop && slug ? fetchPage : null, boot?.page ?? null);
  const page = pageLoad.data;
  const [currencyCode, setCurrencyCode] = useState(() =>
    hydrating ? null : readStorage(localStorage, CURRENCY_STORAGE_KEY),
  );
  // The server's HTML shows the shop's default currency: the buyer's own comes once it is hydrated.
  const hydrated = useRef(!hydrating);
  useEffect(() => {
    if (hydrated.current) return;
    hydrated.current = true;
    setCurrencyCode(readStorage(localStorage, CURRENCY_STORAGE_KEY));
  }, []);
  const t = useMemo(() => createTranslate(messages, language), [messages, language]);

  useEffect(() => interceptLinks(document.body, basePath), [basePath]);

  // A shop's link with `?code=SPRING20` (any of its pages): the checkout asks for that code. The
  // code's module loads only then: most visits come without one (the shop page's budget).
  const codeShop = page?.shop.slug ?? slug;
  useEffect(() => {
    const search = window.location.search;
    if (!codeShop || !new URLSearchParams(search).has('code')) return;
    void import('./discount-code').then(({ discountCodeFor, linkedCode }) => {
      const code = linkedCode(search);
      if (code) discountCodeFor(codeShop).keep(code);
    });
  }, [codeShop, navigationKey]);

  // After an in-page navigation, focus moves to the new page (screen readers announce it).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('sf-main')?.focus({ preventScroll: true });
  }, [navigationKey]);

  useEffect(() => {
    document.documentElement.lang = intlLocale(language);
  }, [language]);

  const value = useMemo<TStorefront>(() => {
    const locale = intlLocale(language);
    const currency = pickCurrency(page?.currencies ?? [], currencyCode);
    const shopSlug = page?.shop.slug ?? slug;
    return {
      basePath,
      slug: shopSlug,
      page,
      search: () => (location ?? window.location).search,
      language,
      locale,
      t,
      setLanguage: (next) => {
        writeStorage(localStorage, LANGUAGE_STORAGE_KEY, next);
        // Reload in the new language: product titles and descriptions come from the server in it.
        const url = new URL(window.location.href);
        url.searchParams.set('lang', next);
        leave.to(url.toString());
      },
      currency,
      setCurrency: (code) => {
        writeStorage(localStorage, CURRENCY_STORAGE_KEY, code);
        setCurrencyCode(code);
      },
      price: (cents) => formatShownPrice(cents, currency, locale),
      usd: (cents) => formatUsdMinor(cents, null, locale),
      cart: shopSlug ? cartFor(shopSlug) : null,
      events,
    };
  }, [basePath, slug, page, location, language, t, currencyCode, events]);

  let content: ReactNode;
  if (needsShop && !page && !slug) {
    content = <NotFound />;
  } else if (needsShop && !page && isSuspended(pageLoad.error)) {
    content = <Unavailable />;
  } else if (needsShop && !page) {
    content = pageLoad.error ? (
      <LoadError message={t('shop.loadFailed')} onRetry={pageLoad.retry} />
    ) : (
      <Loading />
    );
  } else {
    content = <Suspense fallback={<Loading />}>{renderRoute(route, boot, navigationKey)}</Suspense>;
  }
  return (
    <StorefrontContext.Provider value={value}>
      <Layout>{content}</Layout>
    </StorefrontContext.Provider>
  );
}

function renderRoute(route: TRoute, boot: TStorefrontBoot | null, visit: number): ReactNode {
  switch (route.name) {
    case 'shop':
      // A new visit (a link to the shop, Back to it) reads its place from the URL again.
      return <ShopPage key={visit} />;
    case 'product':
      return (
        <ProductPage
          key={route.id}
          id={route.id}
          initial={boot?.product?.id === route.id ? boot.product : null}
        />
      );
    case 'cart':
      return <CartPage />;
    case 'checkout':
      return <CheckoutPage />;
    case 'payauth':
      return <PayAuthPage />;
    case 'payresult':
      return <PayResultPage />;
    case 'info':
      return <InfoPage key={route.page} page={route.page} />;
    case 'review':
      return <ReviewPage key={route.token} token={route.token} />;
    case 'order':
      return <OrderPage key={route.token} token={route.token} />;
    case 'findOrder':
      return <FindOrderPage />;
    case 'notFound':
      return <NotFound />;
  }
}

/** The server refused the shop because an operator suspended it (not a missing shop). */
function isSuspended(error: unknown): boolean {
  return error instanceof ApiError && error.code === SHOP_SUSPENDED;
}

/** A suspended shop: unavailable for now, not "not found"; no link back (the shop is the page). */
export function Unavailable() {
  const { t } = useStorefront();
  return (
    <section className="sf-section">
      <h1>{t('shop.unavailable')}</h1>
      <p>{t('shop.unavailableBody')}</p>
    </section>
  );
}

function NotFound() {
  const { t, basePath } = useStorefront();
  return (
    <section className="sf-section">
      <h1>{t('common.notFound')}</h1>
      <a className="sf-button" href={shopHref(basePath)}>
        {t('common.backToShop')}
      </a>
    </section>
  );
}
