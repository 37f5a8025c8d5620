import { vi } from 'vitest';

/** Whether a media query of min-/max-width parts holds at `width` (others count as false). */
export function widthMatches(query: string, width: number): boolean {
  const parts = [...query.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)];
  if (parts.length === 0) return false;
  return parts.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)));
}

/**
 * Pretends the window is `width` px wide for `matchMedia` (what antd's breakpoints read); undone
 * by `vi.unstubAllGlobals()` in the shared test set-up.
 */
export function stubViewportWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => ({
    matches: widthMatches(query, width),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
