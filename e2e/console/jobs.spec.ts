import { expect, test } from '@playwright/test';
import { settled, signInToConsole } from '../support/console';
import { PHONE } from '../support/phone';
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

test('an operator sees the scheduled jobs and runs one now', async ({ page }) => {
  test.setTimeout(240_000);
  await followSystemTheme(page);
  await signInToConsole(page);

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
