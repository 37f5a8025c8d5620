import { expect, test, type Page } from '@playwright/test';
import { expectTapTargets, PHONE } from '../support/phone';
import { english as t, signInAsDemo } from '../support/studio';
import { expectAccessible, expectNoSidewaysScroll, followSystemTheme } from '../support/themes';

/**
 * Issue 18, the creator's dashboard: the seeded demo creator's home shows every card and the
 * chart with the seeded orders; switching the series and the range changes what is drawn; the
 * same figures read as a table; at 360 × 640 nothing scrolls sideways or is too small to tap.
 */
// axe-core is injected as a script, which a Content Security Policy may forbid.
test.use({ ...PHONE, viewport: { width: 360, height: 640 }, bypassCSP: true });

/** The chart, named by its summary (icons are `span`s with role img too). */
const chartOf = (page: Page) => page.getByRole('main').locator('div[role="img"]');

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
