import {
  accountsRoutes,
  OAUTH_START_PATH,
  type TOAuthProvider,
  type TRegisterRequest,
  type TResetPasswordRequest,
} from '@linkstore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../shared/http/api-client';
import { callRoute, fillPath } from '../../shared/http/call-route';
import { loginWithPassword, signIn } from '../../shared/session/sign-in';

/** Forms show their own errors, so account calls are quiet (no notification). */
const FORM_CALL = { isAuthenticated: false, isQuiet: true } as const;

export { loginWithPassword as login } from '../../shared/session/sign-in';

// The forms below place their errors themselves (quiet calls: the captcha, the code field, a
// field or the alert above the button); `isPending` is their loading flag.

/** Signs in with email, password and captcha. */
export const useLogin = () => useMutation({ mutationFn: loginWithPassword });
/** Creates the account with the emailed code and signs in. */
export const useRegister = () => useMutation({ mutationFn: register });
/** Sets a new password with the emailed code. */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/** Creates the account with the emailed code; the answer signs in. */
export async function register(input: TRegisterRequest): Promise<void> {
  const tokens = await callRoute(accountsRoutes.register, { body: input }, FORM_CALL);
  await signIn(tokens);
}

export function resetPassword(input: TResetPasswordRequest) {
  return callRoute(accountsRoutes.resetPassword, { body: input }, FORM_CALL);
}

export type TCodePurpose = 'register' | 'password';

/** Emails a code (quiet: the code field shows a refusal); `isPending` while it is sent. */
export const useSendCode = () =>
  useMutation({
    mutationFn: ({ purpose, email }: { purpose: TCodePurpose; email: string }) => sendCode(purpose, email),
  });

/** Emails a code; resolves the seconds until another may be asked for. */
export async function sendCode(purpose: TCodePurpose, email: string): Promise<number> {
  const route = purpose === 'register' ? accountsRoutes.registerCode : accountsRoutes.passwordCode;
  const { resendAfterSeconds } = await callRoute(route, { body: { email } }, FORM_CALL);
  return resendAfterSeconds;
}

/**
 * Trades the one-time code a social sign-in left in the address for a session (a POST, so the
 * tokens never travel in a URL); the server accepts each code once, within a minute.
 */
export async function exchangeOAuthCode(code: string): Promise<void> {
  const tokens = await callRoute(accountsRoutes.oauthExchange, { body: { code } }, FORM_CALL);
  await signIn(tokens);
}

/** Where the browser goes (a full page load) to sign in with a provider, back to `returnTo`. */
export function oauthStartUrl(provider: TOAuthProvider, returnTo: string): string {
  const path = fillPath(OAUTH_START_PATH, { provider });
  return `${apiClient.resolveUrl(path)}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Only in-app paths: `/order?x=1` yes, `//evil.example` or `https://…` no. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
