import { expect, test, type Page } from '@playwright/test';

/**
 * The front door (decision 0033) with the app's own Content Security Policy (no `bypassCSP`):
 * the HTML paints before any JavaScript, and the build's inline script — allowed by its hash —
 * asks at once for the chunks the address needs.
 */
test.use({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

/** Collects the page's Content Security Policy violations (reported to the console by Chromium). */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      found.push(message.text());
  });
  return found;
}

/** The hrefs the page's head asks for ahead of use. */
const preloaded = (page: Page) =>
  page.evaluate<string[]>(
    `[...document.querySelectorAll('head link[rel=modulepreload]')].map((link) => link.getAttribute('href'))`,
  );

test('the sign-in page paints its shell before any JavaScript arrives', async ({ page }) => {
  // No script of ours ever arrives: what shows is the HTML alone.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.route('**/runtime-config.js', (route) => route.abort());
  await page.goto('/#/login', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root').getByText('LinkStore', { exact: true })).toBeVisible();
  const painted = await page.evaluate<number>(
    `performance.getEntriesByName('first-contentful-paint').length`,
  );
  expect(painted, 'a first contentful paint without JavaScript').toBe(1);
  // No sideways scroll on a 360 px phone.
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
});

test('the shell takes the kept dark theme before any JavaScript arrives', async ({ page }) => {
  await page.addInitScript(`window.localStorage.setItem('settings', JSON.stringify({ theme: 'dark' }))`);
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/#/login', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root').getByText('LinkStore', { exact: true })).toBeVisible();
  const background = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
  expect(background).not.toBe('rgb(255, 255, 255)');
});

test('a visitor’s sign-in asks at once for the sign-in page alone and its texts, within the CSP', async ({
  page,
}) => {
  const violations = cspViolations(page);
  await page.goto('/#/login?lang=es');
  const hrefs = await preloaded(page);
  expect(
    hrefs.some((href) => /\/assets\/signin-start-[^/]+\.js$/.test(href)),
    'the sign-in page preloaded',
  ).toBe(true);
  // Its texts in the address's language (and English behind them): `studio` and `common`.
  expect(hrefs.filter((href) => /\/assets\/(studio|common)-[^/]+\.js$/.test(href))).toHaveLength(4);
  expect(
    hrefs.some((href) => /\/assets\/(app-start|login-page|landing-start)-/.test(href)),
    'not the app, nor the landing page',
  ).toBe(false);
  await expect(page.locator('input[type=password]')).toBeEnabled();
  expect(violations).toEqual([]);
});

test('a signed-in creator’s sign-in address asks for the app, within the CSP', async ({ page }) => {
  const violations = cspViolations(page);
  await page.addInitScript(`window.localStorage.setItem('access_token', 'Bearer expired')`);
  await page.goto('/#/login');
  const hrefs = await preloaded(page);
  expect(hrefs.some((href) => /\/assets\/app-start-[^/]+\.js$/.test(href))).toBe(true);
  expect(hrefs.some((href) => /\/assets\/signin-start-/.test(href))).toBe(false);
  expect(violations).toEqual([]);
});

test('a visitor’s / asks for the landing page only, not the app', async ({ page }) => {
  const violations = cspViolations(page);
  await page.goto('/');
  const hrefs = await preloaded(page);
  expect(hrefs.some((href) => /\/assets\/landing-start-[^/]+\.js$/.test(href))).toBe(true);
  expect(hrefs.some((href) => /\/assets\/app-start-/.test(href))).toBe(false);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});
