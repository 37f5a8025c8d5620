import { expect, test, type Page } from '@playwright/test';
import { settled, signInToConsole } from '../support/console';
import { PHONE } from '../support/phone';
import { english as t } from '../support/studio';
import {
  expectAccessible as expectAccessibleInBothThemes,
  expectNoSidewaysScroll,
  followSystemTheme,
} from '../support/themes';

/**
 * Operation logs (issue 19) on a 360 × 640 phone: an operator adds a setting, finds that change
 * in the log page by filtering (the row names the operator, the module and the request), and the
 * console dashboard shows its figures: today's commerce, visits (the operator's own page loads
 * counted) and the visit trend as a table. Each view passes axe-core in both themes and never
 * scrolls sideways.
 */
test.use({ ...PHONE, viewport: { width: 360, height: 640 }, bypassCSP: true });

const KEY = `E2E_LOGGED_${Date.now()}`;

async function expectAccessible(page: Page, what: string) {
  await expectAccessibleInBothThemes(page, what);
  await expectNoSidewaysScroll(page, what);
}

test('an operator finds their change in the logs, and the dashboard shows its figures', async ({ page }) => {
  test.setTimeout(180_000);
  await followSystemTheme(page);
  await signInToConsole(page);

  // The change: a new setting, through the configuration page.
  await page.goto('/#/system/config');
  await page.getByRole('button', { name: t('system:crud.action.add'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('system:configs.form.addTitle') });
  await dialog.getByLabel(t('system:configs.field.name'), { exact: true }).fill('Logged by the journey');
  await dialog.getByLabel(t('system:configs.field.key'), { exact: true }).fill(KEY);
  await dialog.getByLabel(t('system:configs.field.value'), { exact: true }).fill('42');
  await dialog.getByRole('button', { name: t('system:crud.save'), exact: true }).click();
  await expect(dialog).toBeHidden();

  // Found in the log page by filtering on the module, the result and what was done (rows are
  // written about a second after the request: search again until it is there).
  await page.goto('/#/system/log');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('system:logs.title'));
  const search = page.getByRole('search');
  await search.getByRole('textbox', { name: t('system:crud.field.keywords') }).fill('Adds a setting');
  await search.getByRole('textbox', { name: t('system:logs.field.module') }).fill('config');
  const row = page.getByRole('row').filter({ hasText: 'Adds a setting' }).first();
  await expect(async () => {
    await search.getByRole('button', { name: t('system:crud.search.submit'), exact: true }).click();
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(row).toContainText('admin');
  await expect(row).toContainText('POST /api/v1/config');
  await expect(row).toContainText(t('system:logs.status.success'));
  await settled(page);
  await expectAccessible(page, 'log page');

  // A filter that excludes it: failures only.
  await search.getByRole('combobox', { name: t('system:logs.field.result') }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: t('system:logs.status.failure') })
    .click();
  await search.getByRole('button', { name: t('system:crud.search.submit'), exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Adds a setting' })).toHaveCount(0);

  // The dashboard: commerce today, visits with the operator's own page loads, the trend.
  await page.goto('/#/console');
  const commerce = page.getByRole('region', { name: t('console:dashboard.overview.title') });
  await expect(commerce.getByText(t('console:dashboard.overview.todayOrders'))).toBeVisible();
  await expect(commerce.getByText(t('console:dashboard.overview.onlineUsers'))).toBeVisible();
  const visits = page.getByRole('region', { name: t('console:dashboard.visits.title') });
  const todayPv = visits.locator('.ant-statistic').filter({ hasText: t('console:dashboard.visits.todayPv') });
  // Page views are counted as they arrive: read again until today's is above 0. Each round waits
  // for the figure to be shown (after a reload the dashboard takes a moment on a busy machine),
  // then reads it; only a 0 leads to another round.
  const todayPvValue = todayPv.locator('.ant-statistic-content-value');
  await expect(async () => {
    await page.reload();
    await expect(todayPvValue).toBeVisible();
    await expect(todayPvValue).not.toHaveText('0', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await visits.getByText(t('console:dashboard.trend.table'), { exact: true }).click();
  await expect(visits.getByRole('columnheader', { name: t('console:dashboard.trend.pv') })).toBeVisible();
  await expect(visits.getByRole('row')).toHaveCount(8);
  await settled(page);
  await expectAccessible(page, 'console dashboard with figures');
});
