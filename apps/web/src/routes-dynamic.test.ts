import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as DynamicRoutes from './shared/router/dynamic-routes';
import { matchesDynamicRoute } from './shared/router/dynamic-routes';
import { useSession } from './shared/session/session-store';
import { guardLoader } from './routes';

vi.mock('./shared/router/dynamic-routes', async (importOriginal) => ({
  ...(await importOriginal<typeof DynamicRoutes>()),
  matchesDynamicRoute: vi.fn(() => false),
}));

const guard = (path: string) =>
  guardLoader({ request: new Request(`http://app${path}`), params: {}, context: undefined } as Parameters<
    typeof guardLoader
  >[0]);

afterEach(() => useSession.getState().clearTokens());

describe('the guard and console pages from the server', () => {
  it('lets a loaded console page through instead of sending it to /404', () => {
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'a', refreshToken: 'r' });
    vi.mocked(matchesDynamicRoute).mockReturnValue(true);
    expect(guard('/system/user')).toBeNull();
  });

  it('still sends a path nobody knows to /404', () => {
    vi.mocked(matchesDynamicRoute).mockReturnValue(false);
    const answer = guard('/system/user');
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('Location')).toBe('/404');
  });
});
