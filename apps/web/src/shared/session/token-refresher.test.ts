import { describe, expect, it, vi } from 'vitest';
import { ClientErrorCode, HttpError } from '../http/http-error';
import type { TTokens } from './session-store';
import { createTokenRefresher, isRefusal } from './token-refresher';

const NEW_TOKENS: TTokens = { tokenType: 'Bearer', accessToken: 'new', refreshToken: 'r2' };

function setup(refresh: (refreshToken: string) => Promise<TTokens>) {
  const session = { authorization: 'Bearer old', refreshToken: 'r1' };
  const storeTokens = vi.fn<(tokens: TTokens) => void>();
  const refresher = createTokenRefresher({ getSession: () => session, refresh: vi.fn(refresh), storeTokens });
  return { refresher, storeTokens };
}

describe('token refresher', () => {
  it('renews once for every caller at once and stores the new pair', async () => {
    let answer: (tokens: TTokens) => void = () => undefined;
    const { refresher, storeTokens } = setup(() => new Promise((resolve) => (answer = resolve)));
    const both = Promise.all([refresher.renew('Bearer old'), refresher.renew('Bearer old')]);
    answer(NEW_TOKENS);
    await expect(both).resolves.toEqual([true, true]);
    expect(storeTokens).toHaveBeenCalledTimes(1);
    expect(storeTokens).toHaveBeenCalledWith(NEW_TOKENS);
  });

  it('answers false when the server refuses the refresh token: the sign-in has ended', async () => {
    const refused = new HttpError({ code: 'A0231', msg: 'Refresh token expired', status: 401 });
    const { refresher, storeTokens } = setup(() => Promise.reject(refused));
    await expect(refresher.renew('Bearer old')).resolves.toBe(false);
    expect(storeTokens).not.toHaveBeenCalled();
  });

  it('rejects, keeping the tokens, when the refresh got no answer (left page, network, 5xx, 429)', async () => {
    for (const error of [
      new HttpError({ code: ClientErrorCode.network, msg: 'network' }),
      new HttpError({ code: ClientErrorCode.aborted, msg: 'aborted' }),
      new HttpError({ code: ClientErrorCode.badResponse, msg: 'bad', status: 200 }),
      new HttpError({ code: 'B0001', msg: 'down', status: 503 }),
      new HttpError({ code: 'A0502', msg: 'slow down', status: 429 }),
      new TypeError('Failed to fetch'),
    ]) {
      const { refresher, storeTokens } = setup(() => Promise.reject(error));
      await expect(refresher.renew('Bearer old')).rejects.toBe(error);
      expect(storeTokens).not.toHaveBeenCalled();
      expect(refresher.isRefreshing).toBe(false);
    }
  });

  it('tells a refusal (a 4xx answer) from a refresh that got none', () => {
    expect(isRefusal(new HttpError({ code: 'A0231', msg: '', status: 401 }))).toBe(true);
    expect(isRefusal(new HttpError({ code: 'A0400', msg: '', status: 400 }))).toBe(true);
    expect(isRefusal(new HttpError({ code: ClientErrorCode.timeout, msg: '' }))).toBe(false);
    expect(isRefusal(new Error('x'))).toBe(false);
  });
});
