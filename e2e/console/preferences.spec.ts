import { expect, test, type Locator, type Page } from '@playwright/test';
import { text } from '../locales';
import { signInToConsole } from '../support/console';

/**
 * The journeys run with the browser asking for less motion (playwright.config.ts); this one keeps
 * the motion most people see: drawers sliding, colours fading to a new theme.
 */
test.use({ reducedMotion: 'no-preference' });

const COLOUR = '#ff4500';
/**
 * The hue of #ff4500. The setting keeps the colour chosen; the dark theme paints a lighter shade
 * of it, same hue, so that it reads at 4.5:1 as text on the dark surfaces.
 */
const COLOUR_HUE = 16.2;

/** The journeys are compiled without the DOM's types: the one browser call used here. */
interface TBrowserGlobals {
  getComputedStyle: (element: unknown) => { getPropertyValue: (name: string) => string };
}

/** The computed value of a CSS property, as the browser paints it. */
const computed = (locator: Locator, property: string): Promise<string> =>
  locator.evaluate(
    (element, name) =>
      (globalThis as unknown as TBrowserGlobals).getComputedStyle(element).getPropertyValue(name),
    property,
  );

const channels = (colour: string) => (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);

/** True for a dark colour ("rgb(20, 20, 20)"). */
function isDark(colour: string): boolean {
  const [r = 255, g = 255, b = 255] = channels(colour);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 60;
}

/** The hue of "rgb(r, g, b)" in degrees. */
function hueOf(colour: string): number {
  const [r = 0, g = 0, b = 0] = channels(colour);
  const max = Math.max(r, g, b);
  const range = max - Math.min(r, g, b);
  if (range === 0) return 0;
  const hue = max === r ? (g - b) / range : max === g ? 2 + (b - r) / range : 4 + (r - g) / range;
  return (hue * 60 + 360) % 360;
}

/** "#ff4500" → "rgb(255, 69, 0)". */
function hexToRgb(hex: string): string {
  const pairs = /#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex.trim())?.slice(1) ?? [];
  return `rgb(${pairs.map((pair) => parseInt(pair, 16)).join(', ')})`;
}

/** Everything chosen below, as the page shows it (after the choices, and again after a reload). */
async function expectPreferencesApplied(page: Page) {
  const es = (key: string) => text('es', `console:${key}`);
  // Language: the document, the texts.
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    es('dashboard.heading').replace('{{name}}', 'Administrator'),
  );
  const tags = page.getByRole('navigation', { name: es('tagsView.label') });
  await expect(tags.getByRole('link', { name: es('layout.home') })).toHaveAttribute('aria-current', 'page');

  // Theme dark: the browser's colour scheme and antd's dark surfaces.
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  expect(isDark(await computed(tags, 'background-color'))).toBe(true);
  expect(isDark(await computed(page.locator('.ant-layout').first(), 'background-color'))).toBe(true);

  // Theme colour: kept as chosen in the settings; the CSS variable and antd's primary token (the
  // active tag is painted with it) are its readable shade.
  const settings = await page.evaluate<string | null>('localStorage.getItem("settings")');
  expect(JSON.parse(settings ?? '{}')).toMatchObject({ themeColor: COLOUR });
  const variable = await computed(page.locator('html'), '--linkstore-primary'); // "#rrggbb"
  expect(Math.abs(hueOf(hexToRgb(variable)) - COLOUR_HUE)).toBeLessThan(3);
  const activeTag = await computed(tags.locator('[data-active]'), 'background-color');
  expect(Math.abs(hueOf(activeTag) - COLOUR_HUE)).toBeLessThan(3);

  // Layout top: the menu is on the top bar, there is no sidebar.
  await expect(page.locator('[data-layout="top"]')).toBeVisible();
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: es('layout.sidebar.label') }).locator('.ant-menu-horizontal'),
  ).toBeVisible();

  // Size large: antd's components are the large ones.
  await expect(page.getByRole('button', { name: es('navbar.size.label') })).toHaveClass(/ant-btn-lg/);
}

test('an operator changes theme, colour, layout, size and language; a reload keeps them', async ({
  page,
}) => {
  await signInToConsole(page);
  // The defaults first: light, left layout with its sidebar, default size.
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'light');
  await expect(page.locator('[data-layout="left"]')).toBeVisible();
  await expect(page.getByRole('button', { name: text('en', 'console:navbar.size.label') })).not.toHaveClass(
    /ant-btn-lg/,
  );

  // Settings drawer: dark theme, a preset colour, top layout.
  await page.getByRole('button', { name: text('en', 'console:settings.open') }).click();
  const drawer = page.getByRole('dialog', { name: text('en', 'console:settings.title') });
  await drawer.getByText(text('en', 'console:settings.themes.dark'), { exact: true }).click();
  await drawer.getByRole('radio', { name: COLOUR }).click();
  await expect(drawer.getByRole('radio', { name: COLOUR })).toHaveAttribute('aria-checked', 'true');
  await drawer.getByRole('radio', { name: text('en', 'console:settings.layouts.top') }).check();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Size, confirmed with its success message.
  await page.getByRole('button', { name: text('en', 'console:navbar.size.label') }).click();
  await page.getByRole('menuitem', { name: text('en', 'console:navbar.size.large') }).click();
  await expect(page.getByText(text('en', 'console:navbar.size.success'))).toBeVisible();

  // Language.
  await page.getByRole('button', { name: text('en', 'common:language.switch.label') }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByText(text('es', 'common:language.switch.success'))).toBeVisible();

  await expectPreferencesApplied(page);

  await page.reload();
  await expectPreferencesApplied(page);

  // Kept in localStorage: the settings, the size and the language, each under its own key.
  const origin = (await page.context().storageState()).origins[0];
  const item = (name: string) => origin?.localStorage.find((entry) => entry.name === name)?.value;
  const stored = {
    settings: JSON.parse(item('settings') ?? '{}') as Record<string, unknown>,
    size: item('size'),
    language: item('language'),
  };
  expect(stored).toMatchObject({
    settings: { theme: 'dark', themeColor: COLOUR, layout: 'top', tagsView: true },
    size: 'large',
    language: 'es',
  });
});
