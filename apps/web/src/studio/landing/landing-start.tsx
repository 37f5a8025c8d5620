import { DEFAULT_LANGUAGE, type TLanguage } from '@linkstore/contract';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { LANGUAGE_TAGS } from '../../shared/i18n/languages';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { LANDING_PATH } from '../../shared/router/route-guard';
import { readStartupQuery } from '../../shared/startup/startup-query';
import { hashPath, opensLanding } from './front-door';
import { followLandingTheme } from './landing-theme';
import { createLandingTranslate, loadLandingMessages, type TLandingMessages } from './landing-texts';
import { LandingView } from './landing-view';

interface TShown {
  language: TLanguage;
  messages: TLandingMessages;
}

/** The hash's query without `lang` (the page's picker keeps the language): `?user_source=tiktok`. */
export function carriedQuery(hash: string): string {
  const start = hash.indexOf('?');
  if (start === -1) return '';
  const query = new URLSearchParams(hash.slice(start + 1));
  query.delete('lang');
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/** The landing page on its own: its texts in the kept language, the choice kept like the app's. */
export function StandaloneLanding({
  initial,
  english,
  carried = '',
}: {
  initial: TShown;
  english: TLandingMessages;
  /** A query the links carry on to the app. */
  carried?: string;
}) {
  const [shown, setShown] = useState(initial);
  const onLanguageChange = async (language: TLanguage) => {
    const messages = await loadLandingMessages(language).catch(() => undefined);
    if (!messages) return;
    useAppPreferences.getState().setLanguage(language);
    document.documentElement.lang = LANGUAGE_TAGS[language];
    setShown({ language, messages });
  };
  return (
    <LandingView
      t={createLandingTranslate(shown.messages, english)}
      language={shown.language}
      onLanguageChange={(language) => void onLanguageChange(language)}
      renderLink={(to, className, children) => (
        <a href={`#${to}${carried}`} className={className}>
          {children}
        </a>
      )}
    />
  );
}

/**
 * Shows the landing page without the app, then hands over: once the address leaves it (its
 * "Sign in", "Open LinkStore for free", or the back button), the page goes and `startApp` runs
 * at the new address.
 */
export async function startLanding(startApp: () => Promise<void>): Promise<void> {
  const hash = window.location.hash;
  const startupLanguage = readStartupQuery(hash).language;
  if (startupLanguage) useAppPreferences.getState().setLanguage(startupLanguage);
  // The link's other values (`user_source`, `page_source`) travel on to the app: kept in the
  // address and carried by the page's links, the app reads them when it starts.
  const carried = carriedQuery(hash);
  if (hashPath(hash) !== LANDING_PATH || window.location.hash !== `#${LANDING_PATH}${carried}`) {
    window.history.replaceState(window.history.state, '', `#${LANDING_PATH}${carried}`);
  }
  const language = useAppPreferences.getState().language;
  const [messages, english] = await Promise.all([
    loadLandingMessages(language),
    loadLandingMessages(DEFAULT_LANGUAGE),
  ]);
  document.documentElement.lang = LANGUAGE_TAGS[language];
  const stopTheme = followLandingTheme();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <StandaloneLanding initial={{ language, messages }} english={english} carried={carried} />
    </StrictMode>,
  );
  const onHashChange = () => {
    if (opensLanding(window.location.hash)) return;
    window.removeEventListener('hashchange', onHashChange);
    stopTheme();
    root.unmount();
    void startApp();
  };
  window.addEventListener('hashchange', onHashChange);
}
