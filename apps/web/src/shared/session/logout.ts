import { accountsRoutes } from '@linkstore/contract';
import { callRoute } from '../http/call-route';
import { notifier } from '../http/notifier';
import { i18n } from '../i18n/i18n';
import { navigateTo } from '../router/navigator';
import { clearSession } from './clear-session';
import { useSession } from './session-store';

/**
 * Log out: end the sign-in on the server (its failure does not keep anyone signed
 * in), clear tokens, user info, dictionary cache and dynamic routes, go to /login, confirm.
 * Token-cleared fires from the session store once the tokens are gone.
 */
export async function logout(): Promise<void> {
  if (useSession.getState().authorization) {
    await callRoute(accountsRoutes.logout, {}, { isQuiet: true }).catch(() => undefined);
  }
  clearSession();
  navigateTo('/login');
  notifier.success(i18n.t('session.logout.success', { ns: 'common' }));
}
