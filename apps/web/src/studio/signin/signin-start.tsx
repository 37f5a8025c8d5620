import { DEFAULT_LANGUAGE, type TLanguage } from '@linkstore/contract';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { LANGUAGE_TAGS } from '../../shared/i18n/languages';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { isRecord, readJson, writeJson } from '../../shared/preferences/local-storage';
import { StorageKey } from '../../shared/preferences/storage-keys';
import { readStartupQuery } from '../../shared/startup/startup-query';
import { useSession } from '../../shared/session/session-store';
import { hashPath, opensSignIn, REGISTER_PATH } from '../landing/front-door';
import { followLandingTheme } from '../landing/landing-theme';
import { createLandingTranslate, type TLandingMessages } from '../landing/landing-texts';
import { readRuntime, type TTokenPair } from './signin-api';
import { loadSignInMessages } from './signin-texts';
import { RegisterView } from './register-view';
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

/** The page alone (sign-in or sign-up): its texts in the kept language, the choice kept like the app's. */
export function StandaloneSignIn({
  path,
  initial,
  english,
  onSignedIn,
}: {
  path: string;
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
  const shared = {
    t: createLandingTranslate(shown.messages, english),
    language: shown.language,
    onLanguageChange,
    onSignedIn,
    onFirstInput: prefetchApp,
  };
  return path === REGISTER_PATH ? (
    <RegisterView {...shared} />
  ) : (
    <SignInView {...shared} isCaptchaEnabled={readRuntime().captchaEnabled} />
  );
}

/**
 * Shows the sign-in or sign-up page without the app (decision 0033), then hands over: after
 * signing in or up (the tokens kept as the app keeps them) the app starts at the studio home,
 * where the app's own pages go; between the two pages it stays alone; once the address leaves
 * them ("Forgot password?", the back button), the page goes and `startApp` runs at the new
 * address. The address's `lang`, `user_source` and `page_source` are kept at once, as the app's
 * start keeps them.
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
  let isLoginShown = false;
  const show = () => {
    const path = hashPath(window.location.hash);
    // Like the app's `useLoginFormShown`: while the sign-in form shows.
    if ((path !== REGISTER_PATH) !== isLoginShown) {
      isLoginShown = !isLoginShown;
      markLoginFormShown(isLoginShown);
    }
    root.render(
      <StrictMode>
        <StandaloneSignIn
          path={path}
          initial={{ language, messages }}
          english={english}
          onSignedIn={onSignedIn}
        />
      </StrictMode>,
    );
  };
  const leave = () => {
    if (isGone) return;
    isGone = true;
    window.removeEventListener('hashchange', onHashChange);
    if (isLoginShown) markLoginFormShown(false);
    stopTheme();
    root.unmount();
    void startApp();
  };
  // Between sign-in and sign-up the page stays on its own; anywhere else the app starts.
  const onHashChange = () => {
    if (opensSignIn(window.location.hash)) show();
    else leave();
  };
  const onSignedIn = (tokens: TTokenPair) => {
    useSession.getState().setTokens(tokens);
    // Where the app's own sign-in and sign-up go: the studio home.
    window.history.replaceState(window.history.state, '', '#/');
    leave();
  };
  show();
  window.addEventListener('hashchange', onHashChange);
}
