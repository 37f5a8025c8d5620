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
  endedAt = Date.now();
  useUser.getState().clear();
  const { authorization, refreshToken } = useSession.getState();
  // The store says `tokenCleared` when it held tokens; when another tab had already removed
  // them, this tab still holds the user's dictionaries and routes: say it here.
  useSession.getState().clearTokens();
  if (authorization === '' && refreshToken === '') sessionEvents.emit('tokenCleared', undefined);
}

/**
 * The access token is invalid (code 1002) and no refresh saved it: clear the session, go to
 * /login, and say why — once, even when many calls fail together. A call of a session that has
 * already ended (signed out, or expired and said so), or sent while a page of the ended session
 * was still unmounting, is an echo: it neither tells nor moves — after "Log out" of the console,
 * such echoes said "session expired" and took the operator from the console's sign-in to the
 * studio's.
 */
export function expireSession(serverMessage: string, sentWith = ''): void {
  const { authorization, refreshToken } = useSession.getState();
  const t = i18n.getFixedT(null, 'common');
  if (authorization !== '' || refreshToken !== '') {
    endSession(t('session.expired.title'), t('session.expired.text'));
  } else if (sentWith === '' && Date.now() - endedAt >= ECHO_MS) {
    endSession(t('http.notice.errorTitle'), serverMessage);
  }
}

/** Calls that were in flight, or sent by pages still unmounting, when the session ended answer within this window. */
const ECHO_MS = 5000;
let endedAt = -Infinity;

/** Clears the session, goes to /login and shows why in an error notification. */
export function endSession(title: string, text: string): void {
  clearSession();
  navigateTo('/login');
  notifier.error(title, text);
}
