import { expect, type Page } from '@playwright/test';
import { accessibilityViolations } from './axe';

/**
 * The theme follows the system ("auto"), so `emulateMedia` switches it in place: an open dialog
 * stays open while it is checked in both themes.
 */
export async function followSystemTheme(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (
      globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
    ).localStorage.setItem('settings', JSON.stringify({ theme: 'auto' }));
  });
}

/** Switches the emulated system theme and waits until the page has followed it. */
async function useScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveCSS('color-scheme', scheme);
}

/** What axe-core finds on the page once it is still (dialogs zoom in, colours may fade). */
async function expectNoViolations(
  page: Page,
  what: string,
  options?: Parameters<typeof accessibilityViolations>[1],
): Promise<void> {
  await page.waitForFunction('document.getAnimations().every((a) => a.playState !== "running")');
  expect(await accessibilityViolations(page, options), what).toEqual([]);
}

/**
 * axe-core finds nothing in the theme the page shows, nor in the other one; the page is left in
 * the other one. One theme change a check, not two (back to light each time): a change redraws the
 * whole app (decision 0051). `options` go to `accessibilityViolations` (e.g. `leaveOutFrames`).
 */
export async function expectAccessible(
  page: Page,
  what: string,
  options?: Parameters<typeof accessibilityViolations>[1],
): Promise<void> {
  // A string: the e2e project has no DOM types.
  const shown = await page.evaluate<string>('getComputedStyle(document.documentElement).colorScheme');
  const order = shown === 'dark' ? (['dark', 'light'] as const) : (['light', 'dark'] as const);
  for (const scheme of order) {
    await useScheme(page, scheme);
    await expectNoViolations(page, `${what}, ${scheme} theme`, options);
  }
}

/** One page of a walk: what it is called in a failure, and how it is opened and waited for. */
export interface TWalkStop {
  what: string;
  open: () => Promise<void>;
  options?: Parameters<typeof accessibilityViolations>[1];
}

/**
 * Every page of a walk passes axe-core in the light theme, then every one again in the dark theme;
 * the page is left dark. The theme changes twice in all, not twice a page: a theme change
 * redraws the whole app and cost more than opening a page again (decision 0051). Opening a page
 * in the dark theme is also what a person whose system is dark does.
 */
export async function expectWalkAccessible(page: Page, stops: readonly TWalkStop[]): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    // Set before the first stop opens: the walk may start on a blank page, with no app to follow it.
    await page.emulateMedia({ colorScheme: scheme });
    for (const stop of stops) {
      await stop.open();
      await expect(page.locator('html'), stop.what).toHaveCSS('color-scheme', scheme);
      await expectNoViolations(page, `${stop.what}, ${scheme} theme`, stop.options);
    }
  }
}

/**
 * The page is no wider than the screen; a failure names what sticks out. Polled: right after the
 * viewport changes, the app has not laid itself out for the new width yet (the console switches to
 * its phone layout on the resize event), and that moment is not what is checked.
 */
export async function expectNoSidewaysScroll(page: Page, what = 'the page'): Promise<void> {
  // Strings: the e2e project has no DOM types.
  const overflow = () =>
    page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  await expect
    .poll(overflow, { timeout: 5_000 })
    .toBeLessThanOrEqual(0)
    .catch(() => undefined);
  const widths = await page.evaluate<{ page: number; view: number }>(
    '({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth })',
  );
  const wide = await page.evaluate<string[]>(
    `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 5).map((e) => e.tagName + '.' + String(e.className).slice(0, 40))`,
  );
  expect(widths.page, `${what} scrolls sideways: ${wide.join(', ')}`).toBeLessThanOrEqual(widths.view);
}
