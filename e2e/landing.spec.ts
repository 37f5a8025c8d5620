import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_PERCENTAGE, priceProduct } from '../packages/contract/src/pricing/pricing.rules';
import { text } from './locales';
import { cents, dollars, signInAsDemo } from './support/studio';
import { expectAccessible, expectNoSidewaysScroll, followSystemTheme } from './support/themes';

test.use({
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  // axe-core is injected as a script, which the app's Content Security Policy forbids.
  bypassCSP: true,
});

const en = (key: string) => text('en', key);

/** The amount shown beside a row's term in the profit example. */
async function exampleAmount(page: Page, termKey: string): Promise<string> {
  const example = page.getByTestId('profit-example');
  const row = example.locator('div').filter({ has: page.getByRole('term').filter({ hasText: en(termKey) }) });
  return (await row.getByRole('definition').textContent()) ?? '';
}

/** Every link, button and field of the page is a tap target of at least 44 × 44 px. */
async function expectTapTargets(page: Page): Promise<void> {
  const small = await page.evaluate<string[]>(
    `[...document.querySelectorAll('a, button, select, input')].map((e) => [e.textContent, e.getBoundingClientRect()]).filter(([, r]) => r.width < 44 || r.height < 44).map(([t, r]) => t + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))`,
  );
  expect(small, 'tap targets under 44 px').toEqual([]);
}

test('a visitor at / on a phone meets the landing page: the profit by the pricing rule, then sign-up or sign-in', async ({
  page,
}) => {
  await followSystemTheme(page);
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page).toHaveURL(/#\/welcome$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('landing:hero.heading'));
  await expect(page).toHaveTitle('LinkStore');
  // The page on its own: React and its texts, not the app (its i18next, antd, API client, studio).
  const paths = [...scripts.keys()];
  expect(paths.some((path) => path.includes('/landing-start-'))).toBe(true);
  expect(
    paths.filter((path) => /\/(app-start|i18n|call-route|studio-layout|home-page|top-bar)-/.test(path)),
  ).toEqual([]);
  const gzipped = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(`landing page: ${scripts.size} JavaScript files, ${gzipped} bytes gzipped`);
  expect(gzipped, 'the landing page’s JavaScript, gzipped (issue 17: ≤ 120 KB)').toBeLessThanOrEqual(120_000);

  // The example's price and profit are the pricing rule's for the cost it shows.
  const cost = cents(await exampleAmount(page, 'landing:example.cost'));
  const price = priceProduct(cost, { defaultPercentage: DEFAULT_PERCENTAGE, rounding: '99' });
  expect(price.profitMinor).toBeGreaterThan(0);
  expect(await exampleAmount(page, 'landing:example.rounded')).toBe(dollars(price.sellingMinor));
  expect(await exampleAmount(page, 'landing:example.profit')).toBe(dollars(price.profitMinor));
  await expect(page.getByRole('term').filter({ hasText: `${DEFAULT_PERCENTAGE}%` })).toBeVisible();

  await expectNoSidewaysScroll(page, 'the landing page');
  await expectTapTargets(page);
  await expectAccessible(page, 'the landing page');

  const main = page.getByRole('main');
  await main.getByRole('link', { name: en('landing:hero.signIn'), exact: true }).tap();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('studio:auth.login.heading'));
  await expect(page.getByLabel(en('studio:auth.login.email'), { exact: true })).toBeVisible();

  // Back: the app runs now and shows the landing page itself, the same page.
  await page.goBack();
  await expect(page).toHaveURL(/#\/welcome$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('landing:hero.heading'));
  expect(await exampleAmount(page, 'landing:example.profit')).toBe(dollars(price.profitMinor));
  await expectNoSidewaysScroll(page, 'the landing page in the app');
  await expectAccessible(page, 'the landing page in the app');
  await main
    .getByRole('link', { name: en('landing:hero.open'), exact: true })
    .first()
    .tap();
  await expect(page).toHaveURL(/#\/register$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('studio:auth.register.heading'));
});

test('the landing page speaks the language of the link and of the switch', async ({ page }) => {
  await page.goto('/#/?lang=es&user_source=tiktok');
  // The link's source travels on to registration; its language is the page's own now.
  await expect(page).toHaveURL(/#\/welcome\?user_source=tiktok$/);
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: text('es', 'landing:hero.open') })
      .first(),
  ).toHaveAttribute('href', '#/register?user_source=tiktok');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('es', 'landing:hero.heading'));
  await expect(
    page.getByRole('main').getByRole('link', { name: text('es', 'landing:hero.signIn') }),
  ).toBeVisible();

  await page.getByLabel(text('es', 'common:language.switch.label')).selectOption('简体中文');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('zh-cn', 'landing:hero.heading'));
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(
    text('zh-cn', 'landing:example.heading'),
  );
  await expectNoSidewaysScroll(page, 'the landing page in Chinese');
  // The choice is kept: a reload comes back in Chinese.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('zh-cn', 'landing:hero.heading'));
});

test('a signed-in creator still goes from / to the studio', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/#/welcome');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('studio:home.dashboard.heading'));
});
