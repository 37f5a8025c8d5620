import { expect, test, type Page } from '@playwright/test';
import { PHONE } from '../support/phone';
import { E2E_SEED_PASSWORD } from '../support/ports';
import { english as t } from '../support/studio';
import {
  expectAccessible as expectAccessibleInBothThemes,
  expectNoSidewaysScroll,
  followSystemTheme,
} from '../support/themes';

/**
 * Scheduled jobs (issue 32) on a 360 × 640 phone: the administrator sees the cluster's jobs (the
 * payout poll runs every 2 s on the journeys' stack, so it has a last run), runs the daily
 * reconciliation now and sees its run recorded. The page passes axe-core in both themes, never
 * scrolls sideways, and its run buttons are at least 44 px.
 */
test.use({ ...PHONE, viewport: { width: 360, height: 640 }, bypassCSP: true });

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

test('an operator sees the scheduled jobs and runs one now', async ({ page }) => {
  test.setTimeout(240_000);
  await followSystemTheme(page);
  await page.goto('/#/console/login');
  await page.getByLabel(t('console:login.username'), { exact: true }).fill('admin');
  await page.getByLabel(t('console:login.password'), { exact: true }).fill(E2E_SEED_PASSWORD);
  await page.getByRole('button', { name: t('console:login.submit'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t('console:dashboard.heading', { name: 'Administrator' }),
  );

  await page.goto('/#/system/job');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('system:jobs.title'));
  const poll = page.getByRole('row').filter({ hasText: t('system:jobs.name.payout-poll') });
  await expect(poll).toContainText('payout-poll');
  // The poll runs every 2 s: read the page again until its first run is shown (each round waits
  // for the row to be drawn, then reads it).
  await expect(async () => {
    await page.reload();
    await expect(poll).toBeVisible({ timeout: 15_000 });
    await expect(poll).toContainText(t('system:jobs.outcome.success'), { timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  const reconciliation = page.getByRole('row').filter({ hasText: t('system:jobs.name.reconciliation') });
  const runNow = reconciliation.getByRole('button', {
    name: t('system:jobs.runNowOf', { name: t('system:jobs.name.reconciliation') }),
  });
  const box = await runNow.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await runNow.click();
  await expect(
    page.getByText(t('system:jobs.runStarted', { name: t('system:jobs.name.reconciliation') })),
  ).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(reconciliation).toBeVisible({ timeout: 15_000 });
    await expect(reconciliation).toContainText(t('system:jobs.outcome.success'), { timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  await settled(page);
  await expectAccessibleInBothThemes(page, 'scheduled jobs page');
  await expectNoSidewaysScroll(page, 'scheduled jobs page');
});
