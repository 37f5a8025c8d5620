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

/**
 * axe-core finds nothing in the light theme, nor in the dark one; the page is left light.
 * `options` go to `accessibilityViolations` (e.g. `leaveOutFrames`).
 */
export async function expectAccessible(
  page: Page,
  what: string,
  options?: Parameters<typeof accessibilityViolations>[1],
): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveCSS('color-scheme', scheme);
    // Colours fade to the new theme and dialogs zoom in: check the page once they are still.
    await page.waitForFunction('document.getAnimations().every((a) => a.playState !== "running")');
    expect(await accessibilityViolations(page, options), `${what}, ${scheme} theme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'light');
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
