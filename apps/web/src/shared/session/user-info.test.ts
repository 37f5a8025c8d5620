import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { notifier } from '../http/notifier';
import { initI18n } from '../i18n/i18n';
import { useUserPreferences } from '../preferences/user-preferences-store';
import { setNavigator, type TNavigate } from '../router/navigator';
import { createFakeApi, ok } from '../test/fake-api';
import { sessionEvents } from './session-events';
import { useSession } from './session-store';
import { fetchBusinessInfo, loadSignedInUser, loadUserInfo } from './user-info';
import { useUser } from './user-store';

let navigate: Mock<TNavigate>;

beforeEach(async () => {
  await initI18n('en');
  navigate = vi.fn<TNavigate>();
  setNavigator(navigate);
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
});

afterEach(() => {
  useSession.getState().clearTokens();
});

describe('user info', () => {
  it.each([null, {}, { info: null }, { info: {} }])(
    'rejects an empty business info answer (%j) with the verification message',
    async (empty) => {
      vi.stubGlobal('fetch', createFakeApi({ 'POST /api/businessGetInfo': () => ok(empty) }).fetch);
      await expect(fetchBusinessInfo()).rejects.toMatchObject({
        msg: 'Verification failed, please Login again.',
      });
    },
  );

  it('loads me and the business info, empties modified products, sets the icon, emits user', async () => {
    useUserPreferences.getState().upsertModifiedProduct({ id: 3, price: 10 });
    const onUser = vi.fn();
    const stop = sessionEvents.on('user', onUser);
    const info = await loadUserInfo();
    expect(info.user.nickname).toBe('Ana');
    expect(useUser.getState().info?.business.subdomainurl).toBe('ana');
    expect(useUserPreferences.getState().modifiedProducts).toEqual([]);
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/shop/ana.png',
    );
    expect(onUser).toHaveBeenCalledWith(info);
    stop();
  });

  it('ends the session with that message when the business info is empty', async () => {
    const error = vi.spyOn(notifier, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', createFakeApi({ 'POST /api/businessGetInfo': () => ok(null) }).fetch);
    await expect(loadSignedInUser()).resolves.toBeUndefined();
    expect(useSession.getState().authorization).toBe('');
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
    expect(error).toHaveBeenCalledWith('some error', 'Verification failed, please Login again.');
  });
});
