import { notifier } from '../http/notifier';
import { i18n } from '../i18n/i18n';
import { navigateTo } from '../router/navigator';
import { sessionEvents } from './session-events';
import { useSession } from './session-store';
import { useUser } from './user-store';

/**
 * Drops everything the signed-in user brought: user info and tokens here; the dictionary cache,
 * the dynamic routes and the query cache listen to `tokenCleared` (so this module, which the
 * http client imports, knows neither the router nor the caches).
 */
export function clearSession(): void {
  useUser.getState().clear();
  const { authorization, refreshToken } = useSession.getState();
  // The store says `tokenCleared` when it held tokens; when another tab had already removed
  // them, this tab still holds the user's dictionaries and routes: say it here.
  useSession.getState().clearTokens();
  if (authorization === '' && refreshToken === '') sessionEvents.emit('tokenCleared', undefined);
}

/**
 * The access token is invalid (code 1002) and no refresh saved it: clear the session, go to
 * /login, and say why — once, even when many calls fail together.
 */
export function expireSession(serverMessage: string): void {
  const { authorization, refreshToken } = useSession.getState();
  const t = i18n.getFixedT(null, 'common');
  if (authorization !== '' || refreshToken !== '') {
    lastExpiredAt = Date.now();
    endSession(t('session.expired.title'), t('session.expired.text'));
  } else if (Date.now() - lastExpiredAt < EXPIRY_ECHO_MS) {
    // Other calls failing with the same expired session: already said, already at /login.
    navigateTo('/login');
  } else {
    endSession(t('http.notice.errorTitle'), serverMessage);
  }
}

/** Calls that were in flight when the session expired answer within this window. */
const EXPIRY_ECHO_MS = 5000;
let lastExpiredAt = -Infinity;

/** Clears the session, goes to /login and shows why in an error notification. */
export function endSession(title: string, text: string): void {
  clearSession();
  navigateTo('/login');
  notifier.error(title, text);
}
