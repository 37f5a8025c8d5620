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
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page).toHaveURL(/#\/welcome$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('landing:hero.heading'));
  await expect(page).toHaveTitle('LinkStore');
  // A small chunk of its own: none of the studio's pages, nor the antd menus of its top bar.
  expect(scripts.some((path) => path.includes('/landing-page-'))).toBe(true);
  expect(scripts.filter((path) => /\/(studio-layout|home-page|top-bar|dropdown)-/.test(path))).toEqual([]);

  // The example's price and profit are the pricing rule's for the cost it shows.
  const cost = cents(await exampleAmount(page, 'landing:example.cost'));
  const price = priceProduct(cost, { defaultPercentage: DEFAULT_PERCENTAGE, rounding: '99' });
  expect(price.profitCents).toBeGreaterThan(0);
  expect(await exampleAmount(page, 'landing:example.rounded')).toBe(dollars(price.sellingCents));
  expect(await exampleAmount(page, 'landing:example.profit')).toBe(dollars(price.profitCents));
  await expect(page.getByRole('term').filter({ hasText: `${DEFAULT_PERCENTAGE}%` })).toBeVisible();

  await expectNoSidewaysScroll(page, 'the landing page');
  await expectTapTargets(page);
  await expectAccessible(page, 'the landing page');

  const main = page.getByRole('main');
  await main.getByRole('link', { name: en('landing:hero.signIn'), exact: true }).tap();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('studio:auth.login.heading'));
  await expect(page.getByLabel(en('studio:auth.login.email'), { exact: true })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/#\/welcome$/);
  await main
    .getByRole('link', { name: en('common:topBar.openForFree'), exact: true })
    .first()
    .tap();
  await expect(page).toHaveURL(/#\/register$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('studio:auth.register.heading'));
});

test('the landing page speaks the language of the link and of the switch', async ({ page }) => {
  await page.goto('/#/?lang=es');
  await expect(page).toHaveURL(/#\/welcome/);
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
