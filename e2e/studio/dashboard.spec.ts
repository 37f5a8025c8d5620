import { expect, test, type Page } from '@playwright/test';
import { expectTapTargets, PHONE } from '../support/phone';
import { text } from '../locales';
import { checkOutInSandbox, demoProduct } from '../support/buyer';
import { english as t, signInAsDemo } from '../support/studio';
import { expectAccessible, expectNoSidewaysScroll, followSystemTheme } from '../support/themes';

/**
 * Issue 18, the creator's dashboard: the seeded demo creator's home shows every card and the
 * chart with the seeded orders; switching the series and the range changes what is drawn; the
 * same figures read as a table; at 360 × 640 nothing scrolls sideways or is too small to tap.
 */
// axe-core is injected as a script, which a Content Security Policy may forbid.
test.use({ ...PHONE, viewport: { width: 360, height: 640 }, bypassCSP: true });

/** The trends chart, named by its summary (icons are `span`s with role img too). */
const chartOf = (page: Page) => page.getByRole('main').locator('div[role="img"]').first();

test('the demo creator reads the dashboard on a phone and switches series and range', async ({ page }) => {
  test.setTimeout(120_000);
  await followSystemTheme(page);
  await signInAsDemo(page);
  const main = page.getByRole('main');
  for (const card of ['productsOnSale', 'earningsToday', 'earnings7d', 'earningsTotal', 'pendingShipment']) {
    await expect(main.getByText(t(`studio:home.dashboard.cards.${card}`), { exact: true })).toBeVisible();
  }
  // The seeded orders: earnings in all and paid orders waiting to ship.
  const total = main.locator('.ant-card').filter({ hasText: t('studio:home.dashboard.cards.earningsTotal') });
  await expect(total.locator('.ant-statistic-content')).toHaveText(/^\$[1-9][\d,]*\.\d\d$/);
  await expect(main.getByText(/paid orders? not shipped yet/)).toBeVisible();

  const chart = chartOf(page);
  await expect(chart).toHaveAttribute('aria-label', /^Earnings: /);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-skeleton-active')).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'dashboard');
  await expectTapTargets(page, 'dashboard');
  await expectAccessible(page, 'dashboard');

  const pick = (name: string) => main.getByText(name, { exact: true }).tap();
  const before = await chart.getAttribute('aria-label');
  await pick(t('studio:home.dashboard.range.year'));
  await expect(chart).not.toHaveAttribute('aria-label', before ?? '');
  await expect(chart).toHaveAttribute('aria-label', /^Earnings: \$[1-9]/);
  await pick(t('studio:home.dashboard.series.sales'));
  await expect(chart).toHaveAttribute('aria-label', /^Units sold: [1-9]/);

  await main.getByRole('button', { name: t('studio:home.dashboard.chart.showTable') }).tap();
  const table = main.getByRole('table');
  await expect(
    table.getByRole('columnheader', { name: t('studio:home.dashboard.chart.current') }),
  ).toBeVisible();
  // A year by month: twelve rows.
  await expect(table.locator('tbody tr')).toHaveCount(12);
  await expectNoSidewaysScroll(page, 'dashboard as a table');
});

const sf = (key: string) => text('en', `storefront:${key}`);

test('an order placed in the storefront from a TikTok link appears under TikTok on the dashboard', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // The buyer, on a phone, arrives through the creator's TikTok link, buys and pays (sandbox).
  const buyer = `tiktok-${Date.now()}@example.com`;
  await page.goto('/s/demo?user_source=tiktok');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A product in stock, opened in the same visit (the link's source is kept for the visit).
  const product = await demoProduct(request);
  await page.goto(`/s/demo/p/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByRole('button', { name: sf('product.addToCart') }).click();
  await page.getByRole('link', { name: `${sf('cart.title')} 1 ${sf('cart.units_one')}` }).click();
  await page.getByRole('link', { name: sf('checkout.title') }).click();
  await checkOutInSandbox(page, { email: buyer, name: 'Tia Tok' });

  // The creator's dashboard, on a phone in either theme: TikTok among the traffic sources, with
  // the order, within a minute (counted by the database when the payment commits).
  const context = await browser.newContext({
    ...PHONE,
    viewport: { width: 360, height: 640 },
    bypassCSP: true,
  });
  const creator = await context.newPage();
  await followSystemTheme(creator);
  await signInAsDemo(creator);
  const sources = creator
    .getByRole('main')
    .locator('.ant-card')
    .filter({ has: creator.getByRole('heading', { name: t('studio:home.dashboard.sources.heading') }) });
  const legend = sources.getByRole('list', { name: t('studio:home.dashboard.sources.legend') });
  await expect(async () => {
    await creator.reload();
    await expect(legend.getByRole('listitem').filter({ hasText: /^TikTok\$[1-9][\d,]*\.\d\d$/ })).toBeVisible(
      {
        timeout: 5_000,
      },
    );
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 5_000] });

  await sources.getByRole('button', { name: t('studio:home.dashboard.sources.showTable') }).tap();
  const row = sources.getByRole('row').filter({ hasText: 'TikTok' });
  const headers = (await sources.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const orders = headers.indexOf(t('studio:home.dashboard.sources.orders'));
  expect(orders).toBeGreaterThan(0);
  expect(Number(await row.getByRole('cell').nth(orders).textContent())).toBeGreaterThanOrEqual(1);

  // Split by the page the link named: this one named none.
  await sources.getByText(t('studio:home.dashboard.sources.by.page_source'), { exact: true }).tap();
  await expect(
    sources.getByRole('row').filter({ hasText: t('studio:home.dashboard.sources.noPageSource') }),
  ).toBeVisible();

  // The top products list the sale.
  const products = creator
    .getByRole('main')
    .locator('.ant-card')
    .filter({ has: creator.getByRole('heading', { name: t('studio:home.dashboard.products.heading') }) });
  await expect(products.getByRole('listitem').first()).toBeVisible();
  // The dashboard says which zone its times are in (the browser's: the demo creator chose none).
  await expect(creator.getByText(/^Times in [\w+-]+(\/[\w+-]+)*$/)).toBeVisible();

  await creator.waitForLoadState('networkidle');
  await expect(creator.locator('.ant-skeleton-active')).toHaveCount(0);
  await expectNoSidewaysScroll(creator, 'dashboard with sources');
  await expectTapTargets(creator, 'dashboard with sources');
  await expectAccessible(creator, 'dashboard with sources');
  await context.close();
});
