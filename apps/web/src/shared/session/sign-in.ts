import { accountsRoutes, ErrorCode, type TLoginRequest, type TTokenResponse } from '@linkstore/contract';
import { callRoute } from '../http/call-route';
import { isHttpError } from '../http/http-error';
import { solveProofOfWork } from './proof-of-work';
import { useSession } from './session-store';
import { loadSignedInUser } from './user-info';

/** After login, registration or a social sign-in: store the pair, then load who signed in. */
export async function signIn(tokens: TTokenResponse): Promise<void> {
  useSession.getState().setTokens(tokens);
  await loadSignedInUser();
}

/**
 * A solved challenge the server has not spent yet (it answered "captcha required" first): the
 * next sign-in sends it again instead of solving another.
 */
let unspentAltcha: string | undefined;

/**
 * Password sign-in as a multipart form, as the original client sends it (both login forms). Quiet: the form
 * shows the failure itself. When the server asks for a proof of work (A0243: the account or the
 * address is under attack), the browser solves one and sends again, once.
 */
export async function loginWithPassword(input: TLoginRequest): Promise<void> {
  let altcha = input.altcha ?? unspentAltcha;
  for (let round = 0; ; round++) {
    try {
      const tokens = await callRoute(
        accountsRoutes.login,
        { body: altcha ? { ...input, altcha } : input },
        { isAuthenticated: false, isQuiet: true, isFormData: true },
      );
      unspentAltcha = undefined;
      await signIn(tokens);
      return;
    } catch (error) {
      const code = isHttpError(error) ? error.code : undefined;
      const isPowAsked = code === ErrorCode.POW_REQUIRED;
      unspentAltcha = !isPowAsked && code === ErrorCode.CAPTCHA_REQUIRED ? altcha : undefined;
      if (!isPowAsked || round > 0) throw error;
      altcha = await solveProofOfWork();
    }
  }
}
