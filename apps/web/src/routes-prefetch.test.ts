import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchStudioHome, whenUserStarts } from './routes';
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

describe('when the user starts', () => {
  it('runs the task once, at the first focus in the page', () => {
    const task = vi.fn();
    whenUserStarts(task);
    expect(task).not.toHaveBeenCalled();
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    field.blur();
    field.focus();
    expect(task).toHaveBeenCalledTimes(1);
    field.remove();
  });

  it('runs the task at the first touch too, and never on its own', () => {
    vi.useFakeTimers();
    try {
      const task = vi.fn();
      whenUserStarts(task);
      vi.advanceTimersByTime(60_000);
      expect(task).not.toHaveBeenCalled();
      document.dispatchEvent(new Event('pointerdown'));
      document.dispatchEvent(new Event('pointerdown'));
      expect(task).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
