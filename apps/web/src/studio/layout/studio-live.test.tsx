import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, ok } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { StudioNoticeBell } from './studio-live';

vi.mock('../../shared/realtime/realtime', () => ({
  useRealtime: () => undefined,
  useRealtimeConnected: () => undefined,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clearTokens();
});

describe('StudioNoticeBell', () => {
  it('draws a disabled bell first, asks for nothing, then loads the real one when the browser is idle', async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const api = createFakeApi({ 'GET /api/v1/notices/unread-count': () => ok({ count: 3 }) });
    vi.stubGlobal('fetch', api.fetch);
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    await renderWithApp([{ path: '/', element: <StudioNoticeBell /> }], '/');

    expect(await screen.findByRole('button', { name: 'Notices' })).toBeDisabled();
    expect(api.callsTo('GET /api/v1/notices/unread-count')).toHaveLength(0);

    idle?.();
    const bell = await screen.findByRole('button', { name: 'Notices: 3 unread' });
    expect(bell).toBeEnabled();
  });
});
