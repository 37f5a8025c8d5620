import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadThenRetry, shouldLoadBeforeDeciding } from './console/console-loading';
import { consoleRoutes } from './console/console-routes';
import { useUserPreferences } from './shared/preferences/user-preferences-store';
import {
  decideNavigation,
  isDuplicateNavigation,
  normalizePathname,
  redirectTarget,
} from './shared/router/route-guard';
import { isSignedIn } from './shared/session/session-store';
import { RootLayout, type TRouteHandle } from './shared/router/root-layout';
import { matchesDynamicRoute } from './shared/router/dynamic-routes';

const title = (titleKey: string): TRouteHandle => ({ titleKey });

const loadStudioLayout = () => import('./studio/layout/studio-layout');
const loadHomePage = () => import('./studio/home/home-page');

/**
 * Runs `task` once, when the user starts on the page (focuses a field, touches or clicks): never
 * while the page itself is still loading, which on a slow network would take its bandwidth (the
 * load event comes before the lazily loaded page has arrived, so it is no signal).
 */
export function whenUserStarts(task: () => void): void {
  const start = () => {
    document.removeEventListener('focusin', start);
    document.removeEventListener('pointerdown', start);
    task();
  };
  document.addEventListener('focusin', start);
  document.addEventListener('pointerdown', start);
}

/** Where a creator signs in or up, then goes to the studio home. */
const SIGN_IN_PATHS: readonly string[] = ['/login', '/register'];

/**
 * While a visitor is on the sign-in or sign-up page, the studio's frame and home are fetched in
 * the background as they start to type (decision 0033): after "Sign in" they are there already.
 * Returns whether it was scheduled.
 */
export function prefetchStudioHome(
  pathname: string,
  schedule: (task: () => void) => void = whenUserStarts,
): boolean {
  if (!SIGN_IN_PATHS.includes(normalizePathname(pathname)) || isSignedIn()) return false;
  schedule(() => {
    void loadStudioLayout();
    void loadHomePage();
  });
  return true;
}

/** Every page is its own chunk, so the login page downloads only what it renders. */
const pageRoutes: RouteObject[] = [
  {
    // The creator's studio: its pages share the left menu.
    lazy: async () => ({ Component: (await loadStudioLayout()).StudioLayout }),
    children: [
      {
        index: true,
        handle: title('route.title.home'),
        lazy: async () => ({ Component: (await loadHomePage()).HomePage }),
      },
      {
        path: 'index',
        handle: title('route.title.home'),
        lazy: async () => ({ Component: (await loadHomePage()).HomePage }),
      },
      {
        path: 'shop',
        handle: title('route.title.shop'),
        lazy: async () => ({ Component: (await import('./studio/shop/shop-page')).ShopPage }),
      },
      {
        path: 'product',
        handle: title('route.title.product'),
        lazy: async () => ({ Component: (await import('./studio/product/product-page')).ProductPage }),
      },
      {
        path: 'pricing',
        handle: title('route.title.pricing'),
        lazy: async () => ({
          Component: (await import('./studio/pricing/first-level-page')).FirstLevelPricingPage,
        }),
      },
      {
        path: 'pricing/subcategories',
        handle: title('route.title.pricingSubcategories'),
        lazy: async () => ({
          Component: (await import('./studio/pricing/second-level-page')).SecondLevelPricingPage,
        }),
      },
      {
        path: 'order',
        handle: title('orders:title.orders'),
        lazy: async () => ({ Component: (await import('./studio/order/order-page')).OrderPage }),
      },
      {
        path: 'paypal/result',
        handle: title('paypal:route.result'),
        lazy: async () => ({
          Component: (await import('./studio/shop/paypal-result-page')).PayPalResultPage,
        }),
      },
      {
        path: 'paypal/consent',
        handle: title('paypal:route.consent'),
        lazy: async () => ({
          Component: (await import('./studio/shop/paypal-consent-page')).PayPalConsentPage,
        }),
      },
      {
        // The payment provider sends the creator back here after they approve paying orders.
        path: 'order/pay-result',
        handle: title('orders:title.orders'),
        lazy: async () => ({ Component: (await import('./studio/order/pay-result-page')).PayResultPage }),
      },
      {
        path: 'revenue',
        handle: title('orders:title.earnings'),
        lazy: async () => ({ Component: (await import('./studio/revenue/revenue-page')).RevenuePage }),
      },
      {
        path: 'discounts',
        handle: title('discounts:title'),
        lazy: async () => ({
          Component: (await import('./studio/discounts/discounts-page')).DiscountsPage,
        }),
      },
      {
        path: 'subscribers',
        handle: title('subscribers:title'),
        lazy: async () => ({
          Component: (await import('./studio/subscribers/subscribers-page')).SubscribersPage,
        }),
      },
      {
        // The bell's "View more" and its notices (issue 19).
        path: 'notices',
        handle: title('common:notices.myTitle'),
        lazy: async () => ({
          Component: (await import('./shared/notices/notice-pages')).StudioMyNoticesPage,
        }),
      },
      {
        path: 'notices/:id',
        handle: title('common:notices.detailTitle'),
        lazy: async () => ({
          Component: (await import('./shared/notices/notice-pages')).StudioNoticeDetailPage,
        }),
      },
    ],
  },
  {
    // A visitor's `/` (the guard sends them here): it sells LinkStore, small and apart from the studio.
    path: 'welcome',
    lazy: async () => {
      const { LandingPage, loadLandingTexts } = await import('./studio/landing/landing-page');
      await loadLandingTexts();
      return { Component: LandingPage };
    },
  },
  {
    path: 'login',
    handle: title('route.title.login'),
    lazy: async () => ({ Component: (await import('./studio/auth/login-page')).LoginPage }),
  },
  {
    path: 'register',
    handle: title('route.title.register'),
    lazy: async () => ({ Component: (await import('./studio/auth/register-page')).RegisterPage }),
  },
  {
    path: 'forgot-password',
    handle: title('route.title.forgotPassword'),
    lazy: async () => ({
      Component: (await import('./studio/auth/forgot-password-page')).ForgotPasswordPage,
    }),
  },
  {
    path: 'authorize',
    handle: title('route.title.authorize'),
    lazy: async () => ({ Component: (await import('./studio/auth/authorize-page')).AuthorizePage }),
  },
  ...consoleRoutes,
  {
    path: 'redirect/*',
    loader: ({ params, request }: LoaderFunctionArgs) =>
      redirect(redirectTarget(params['*'], new URL(request.url).search)),
  },
  {
    path: '401',
    handle: title('route.title.unauthorized'),
    lazy: async () => ({ Component: (await import('./shared/pages/status-page')).UnauthorizedPage }),
  },
  {
    path: '404',
    handle: title('route.title.notFound'),
    lazy: async () => ({ Component: (await import('./shared/pages/status-page')).NotFoundPage }),
  },
  // Reached only through the guard's redirect; kept so an unmatched path still renders something.
  // Its redirect wins over the guard's (the deepest one does), so it waits for the same loading.
  {
    path: '*',
    loader: ({ request }: LoaderFunctionArgs) => {
      const url = new URL(request.url);
      return shouldLoadBeforeDeciding(url.pathname)
        ? loadThenRetry(url.pathname, url.search)
        : redirect('/404');
    },
  },
];

/**
 * Runs before every navigation: the pure decision, then its side effects. A
 * signed-in user's unmatched path first loads the console's route tree (once), then retries.
 */
export function guardLoader({ request }: LoaderFunctionArgs): Response | null | Promise<Response> {
  const url = new URL(request.url);
  const matches = matchRoutes(appRoutes, url.pathname);
  const decision = decideNavigation({
    pathname: url.pathname,
    search: url.search,
    isSignedIn: isSignedIn(),
    // Console pages come from the server (dynamic routes) and are matched separately.
    isUnmatched: (!matches || matches.at(-1)?.route.path === '*') && !matchesDynamicRoute(url.pathname),
  });
  if (decision.isMenuReset) useUserPreferences.getState().setMenuDefaultActive(1);
  if (decision.type === 'redirect' && decision.to === '/404' && shouldLoadBeforeDeciding(url.pathname)) {
    return loadThenRetry(url.pathname, url.search);
  }
  return decision.type === 'redirect' ? redirect(decision.to) : null;
}

/**
 * The guard's decision for the address the app opens at, taken before the router starts. The
 * router loads every page an address matches while its guard decides, so a visitor's `/` would
 * fetch the studio's layout and home only to be sent to the landing page. Unmatched paths are
 * left to the router (console routes come from the server).
 */
export function guardStartAddress(): void {
  const url = new URL(window.location.hash.replace(/^#/, '') || '/', window.location.origin);
  const decision = decideNavigation({
    pathname: url.pathname,
    search: url.search,
    isSignedIn: isSignedIn(),
    isUnmatched: false,
  });
  if (decision.isMenuReset) useUserPreferences.getState().setMenuDefaultActive(1);
  if (decision.type === 'redirect') window.history.replaceState(window.history.state, '', `#${decision.to}`);
}

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    loader: guardLoader,
    // The guard runs on every navigation except a duplicate of the current location.
    shouldRevalidate: ({ currentUrl, nextUrl }) => !isDuplicateNavigation(currentUrl, nextUrl),
    HydrateFallback: () => null,
    children: pageRoutes,
  },
];
