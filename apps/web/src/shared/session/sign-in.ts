import { accountsRoutes, type TLoginRequest, type TTokenResponse } from '@linkstore/contract';
import { callRoute } from '../http/call-route';
import { useSession } from './session-store';
import { loadSignedInUser } from './user-info';

/** After login, registration or a social sign-in: store the pair, then load who signed in. */
export async function signIn(tokens: TTokenResponse): Promise<void> {
  useSession.getState().setTokens(tokens);
  await loadSignedInUser();
}

/**
 * Password sign-in as a multipart form, as the original client sends it (both login forms). Quiet: the form
 * shows the failure itself.
 */
export async function loginWithPassword(input: TLoginRequest): Promise<void> {
  const tokens = await callRoute(
    accountsRoutes.login,
    { body: input },
    { isAuthenticated: false, isQuiet: true, isFormData: true },
  );
  await signIn(tokens);
}
