import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { i18n } from '../../shared/i18n/i18n';
import { apiClient } from '../../shared/http/api-client';
import { HttpError, ClientErrorCode } from '../../shared/http/http-error';
import { useSession } from '../../shared/session/session-store';

/**
 * Token answer of SPEC.md §3. The contract gains the auth routes with the accounts issue; until
 * then this schema stands in for them and moves there unchanged.
 */
const ZLoginResponse = z.object({
  tokenType: z.string().min(1),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
});

export const LOGIN_PATH = '/api/v1/auth/login';
export const OAUTH_PATHS = {
  google: '/api/v1/auth/oauth/google',
  facebook: '/api/v1/auth/oauth/facebook',
} as const;

export interface TLoginInput {
  email: string;
  password: string;
}

/** Signs in with the multipart form SPEC.md §7 names and stores both tokens. */
export async function login({ email, password }: TLoginInput): Promise<void> {
  const data = await apiClient.post(
    LOGIN_PATH,
    { username: email, password },
    { isFormData: true, isAuthenticated: false },
  );
  const tokens = ZLoginResponse.safeParse(data);
  if (!tokens.success)
    throw new HttpError({
      code: ClientErrorCode.badResponse,
      msg: i18n.t('http.error.badResponse', { ns: 'common' }),
    });
  useSession.getState().setTokens(tokens.data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
