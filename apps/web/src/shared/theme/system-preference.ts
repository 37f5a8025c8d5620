/**
 * One of the system's media preferences, followed: `subscribe` and `matches` for
 * `useSyncExternalStore`. Without `matchMedia` (old browsers, tests) the preference never holds.
 */
export function systemPreference(media: string) {
  return {
    subscribe: (onChange: () => void): (() => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const query = window.matchMedia(media);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    matches: (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(media).matches,
  };
}

/** The system's dark colour scheme. */
export const systemDark = systemPreference('(prefers-color-scheme: dark)');
/** The system asking for less motion. */
export const systemLessMotion = systemPreference('(prefers-reduced-motion: reduce)');
