import { expect, type Page } from '@playwright/test';
import { E2E_SEED_PASSWORD } from './ports';
import { english } from './studio';

/** Signs in to the console as the seeded administrator and waits for the console's home. */
export async function signInToConsole(page: Page): Promise<void> {
  await page.goto('/#/console/login');
  await page.getByLabel(english('console:login.username'), { exact: true }).fill('admin');
  await page.getByLabel(english('console:login.password'), { exact: true }).fill(E2E_SEED_PASSWORD);
  await page.getByRole('button', { name: english('console:login.submit'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    english('console:dashboard.heading', { name: 'Administrator' }),
  );
}

/** The page has loaded what it shows: the network is quiet and no spinner or skeleton is left. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}
