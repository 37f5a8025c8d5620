import { accountsRoutes } from '@linkstore/contract';
import { callRoute, EMPTY_ANSWER } from '../http/call-route';
import { isHttpError } from '../http/http-error';
import { i18n } from '../i18n/i18n';
import { useUserPreferences } from '../preferences/user-preferences-store';
import { endSession } from './clear-session';
import { applyFavicon } from './favicon';
import { sessionEvents, type TUserInfo } from './session-events';
import { useSession } from './session-store';
import { useUser } from './user-store';

/** `POST /api/businessGetInfo`; an empty answer rejects with "Verification failed…". */
export function fetchBusinessInfo() {
  return callRoute(
    accountsRoutes.businessInfo,
    {},
    {
      emptyMessage: i18n.t('session.user.verifyFailed', { ns: 'common' }),
    },
  );
}

/**
 * Loads who is signed in (`/users/me` and the business info) into the user store. On success
 * the modified-products list is emptied, the page icon follows the shop image and the user
 * event fires.
 */
export async function loadUserInfo(): Promise<TUserInfo> {
  const [user, business] = await Promise.all([callRoute(accountsRoutes.me), fetchBusinessInfo()]);
  const info: TUserInfo = { user, business: business.info };
  useUser.getState().setInfo(info);
  useUserPreferences.getState().clearModifiedProducts();
  applyFavicon(info.business.image_url);
  sessionEvents.emit('user', info);
  return info;
}

/**
 * Start-up and after sign-in: load the user when tokens are stored. An empty business info
 * means the sign-in is not valid: the session ends with that message. Other failures were
 * already shown by the http client and leave the session as it is.
 */
export async function loadSignedInUser(): Promise<TUserInfo | undefined> {
  if (!useSession.getState().authorization) return undefined;
  try {
    return await loadUserInfo();
  } catch (error) {
    if (isHttpError(error) && error.code === EMPTY_ANSWER) {
      endSession(i18n.t('http.notice.errorTitle', { ns: 'common' }), error.msg);
    }
    return undefined;
  }
}
