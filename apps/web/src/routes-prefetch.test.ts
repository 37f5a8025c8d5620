import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchStudioHome } from './routes';
import { useSession } from './shared/session/session-store';

const loaded = vi.hoisted(() => new Set<string>());
vi.mock('./studio/layout/studio-layout', () => {
  loaded.add('studio-layout');
  return { StudioLayout: () => null };
});
vi.mock('./studio/home/home-page', () => {
  loaded.add('home-page');
  return { HomePage: () => null };
});

afterEach(() => useSession.getState().clearTokens());

describe('the studio home fetched during sign-in', () => {
  it('is not fetched for any other page, nor for someone signed in already', () => {
    const schedule = vi.fn();
    expect(prefetchStudioHome('/welcome', schedule)).toBe(false);
    expect(prefetchStudioHome('/console/login', schedule)).toBe(false);
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'a', refreshToken: 'r' });
    expect(prefetchStudioHome('/login', schedule)).toBe(false);
    expect(schedule).not.toHaveBeenCalled();
    expect(loaded.size).toBe(0);
  });

  it('fetches the studio’s frame and home from the sign-in and sign-up pages, when scheduled', async () => {
    let task: (() => void) | undefined;
    expect(prefetchStudioHome('/login/', (scheduled) => (task = scheduled))).toBe(true);
    expect(prefetchStudioHome('/register', vi.fn())).toBe(true);
    // Nothing before the page has loaded.
    expect(loaded.size).toBe(0);
    task?.();
    await vi.waitFor(() => expect([...loaded].sort()).toEqual(['home-page', 'studio-layout']));
  });
});
