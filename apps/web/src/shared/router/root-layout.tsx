import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { APP_TITLE } from '../config/constants';
import { formatPageTitle } from './route-guard';

export interface TRouteHandle {
  /** i18n key of the page title: common namespace, or another as `namespace:key`. */
  titleKey?: string;
  /** A title as the server's menu names it, shown when it has no translation (console routes). */
  title?: string;
}

function isRouteHandle(handle: unknown): handle is TRouteHandle {
  if (typeof handle !== 'object' || handle === null) return false;
  const { titleKey, title } = handle as TRouteHandle;
  return typeof titleKey === 'string' || typeof title === 'string';
}

/** Wraps every page: keeps the document title in step and scrolls to the top on navigation. */
export function RootLayout() {
  const { t, i18n } = useTranslation('common');
  const location = useLocation();
  const matches = useMatches();
  const handle = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  const titleKey = handle?.titleKey;
  const plainTitle = handle?.title;
  const queryTitle = new URLSearchParams(location.search).get('title');

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname, location.search]);

  useEffect(() => {
    document.title = formatPageTitle(APP_TITLE, titleKey ? t(titleKey) : plainTitle, queryTitle);
  }, [t, titleKey, plainTitle, queryTitle, i18n.language]);

  return <Outlet />;
}
