import { expect, test } from '@playwright/test';
import { E2E_SEED_PASSWORD } from './support/ports';
import { english } from './support/studio';

for (const i of [1, 2, 3]) test(`sign-in timing ${i}`, async ({ page }) => {
  const t0 = Date.now();
  await page.goto('/#/console/login');
  await expect(page.getByLabel(english('console:login.username'), { exact: true })).toBeVisible();
  const t1 = Date.now();
  await page.getByLabel(english('console:login.username'), { exact: true }).fill('admin');
  await page.getByLabel(english('console:login.password'), { exact: true }).fill(E2E_SEED_PASSWORD);
  await page.getByRole('button', { name: english('console:login.submit'), exact: true }).click();
  const t2 = Date.now();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(english('console:dashboard.heading', { name: 'Administrator' }));
  const t3 = Date.now();
  await page.waitForLoadState('networkidle');
  const t4 = Date.now();
  const nav = await page.evaluate<string>(`JSON.stringify({ dcl: Math.round(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd), n: performance.getEntriesByType('resource').length, kb: Math.round(performance.getEntriesByType('resource').reduce((s, r) => s + r.transferSize, 0) / 1024) })`);
  console.log(JSON.stringify({ form: t1 - t0, fill: t2 - t1, dash: t3 - t2, idle: t4 - t3 }), nav);
});
