import { DEFAULT_LANGUAGE, type TLanguage } from '@linkstore/contract';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { LANGUAGE_TAGS } from '../../shared/i18n/languages';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { isRecord, readJson, writeJson } from '../../shared/preferences/local-storage';
import { StorageKey } from '../../shared/preferences/storage-keys';
import { readStartupQuery } from '../../shared/startup/startup-query';
import { useSession } from '../../shared/session/session-store';
import { opensSignIn } from '../landing/front-door';
import { followLandingTheme } from '../landing/landing-theme';
import { createLandingTranslate, type TLandingMessages } from '../landing/landing-texts';
import { readRuntime, type TTokenPair } from './signin-api';
import { loadSignInMessages } from './signin-texts';
import { SignInView } from './signin-view';

/**
 * The front door's file map the build's inline script keeps (`frontDoorPreload`): the app's start
 * and the studio home's files, fetched (not run) while the creator types.
 */
interface TFrontDoorMap {
  app?: string[];
  routes?: Record<string, string[]>;
}
export const FRONT_DOOR_GLOBAL = '__LINKSTORE_FRONT_DOOR__';

function prefetchApp(): void {
  const map = Reflect.get(window, FRONT_DOOR_GLOBAL) as TFrontDoorMap | undefined;
  if (!map) return;
  const files = [...(map.app ?? []), ...(map.routes?.home ?? [])];
  const known = new Set(
    [...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((link) => link.getAttribute('href')),
  );
  for (const file of files) {
    const href = `/${file}`;
    if (known.has(href)) continue;
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'prefetch';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
      link.crossOrigin = '';
    }
    link.href = href;
    document.head.appendChild(link);
  }
}

/** Changes the kept user preferences (the app's `useUserPreferences` storage, one JSON object). */
function updateUserPreferences(changes: Record<string, unknown>): void {
  writeJson(StorageKey.userPreferences, { ...readJson(StorageKey.userPreferences, isRecord), ...changes });
}

/** Showing a sign-in form resets the menu to its first item (`useLoginFormShown`). */
function markLoginFormShown(isShown: boolean): void {
  updateUserPreferences(
    isShown ? { isLoginFormShown: true, menuDefaultActive: 1 } : { isLoginFormShown: false },
  );
}

interface TShown {
  language: TLanguage;
  messages: TLandingMessages;
}

/** The page alone: its texts in the kept language, the choice kept like the app's. */
export function StandaloneSignIn({
  initial,
  english,
  onSignedIn,
}: {
  initial: TShown;
  english: TLandingMessages;
  onSignedIn: (tokens: TTokenPair) => void;
}) {
  const [shown, setShown] = useState(initial);
  const onLanguageChange = async (language: TLanguage): Promise<boolean> => {
    const messages = await loadSignInMessages(language).catch(() => undefined);
    if (!messages) return false;
    useAppPreferences.getState().setLanguage(language);
    document.documentElement.lang = LANGUAGE_TAGS[language];
    setShown({ language, messages });
    return true;
  };
  return (
    <SignInView
      t={createLandingTranslate(shown.messages, english)}
      language={shown.language}
      onLanguageChange={onLanguageChange}
      onSignedIn={onSignedIn}
      isCaptchaEnabled={readRuntime().captchaEnabled}
      onFirstInput={prefetchApp}
    />
  );
}

/**
 * Shows the sign-in page without the app (decision 0033), then hands over: after signing in (the
 * tokens kept as the app keeps them) the app starts at the studio home, where the app's own
 * sign-in goes; once the address leaves the page ("Sign up", "Forgot password?", the back
 * button), the page goes and `startApp` runs at the new address. The address's `lang`,
 * `user_source` and `page_source` are kept at once, as the app's start keeps them.
 */
export async function startSignIn(startApp: () => Promise<void>): Promise<void> {
  const hash = window.location.hash;
  // What the address carries is kept as the app's start keeps it (`applyStartupQuery`).
  const { language: startupLanguage, userSource, pageSource } = readStartupQuery(hash);
  if (startupLanguage) useAppPreferences.getState().setLanguage(startupLanguage);
  if (userSource !== undefined) updateUserPreferences({ userSource });
  if (pageSource !== undefined) updateUserPreferences({ pageSource });
  const language = useAppPreferences.getState().language;
  const [messages, english] = await Promise.all([
    loadSignInMessages(language),
    loadSignInMessages(DEFAULT_LANGUAGE),
  ]);
  document.documentElement.lang = LANGUAGE_TAGS[language];
  const stopTheme = followLandingTheme();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container);
  let isGone = false;
  const leave = () => {
    if (isGone) return;
    isGone = true;
    window.removeEventListener('hashchange', onHashChange);
    markLoginFormShown(false);
    stopTheme();
    root.unmount();
    void startApp();
  };
  const onHashChange = () => {
    if (!opensSignIn(window.location.hash)) leave();
  };
  const onSignedIn = (tokens: TTokenPair) => {
    useSession.getState().setTokens(tokens);
    // Where the app's own sign-in goes: the studio home.
    window.history.replaceState(window.history.state, '', '#/');
    leave();
  };
  markLoginFormShown(true);
  root.render(
    <StrictMode>
      <StandaloneSignIn initial={{ language, messages }} english={english} onSignedIn={onSignedIn} />
    </StrictMode>,
  );
  window.addEventListener('hashchange', onHashChange);
}
