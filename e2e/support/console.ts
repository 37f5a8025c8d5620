import { expect, type Page } from '@playwright/test';
import { E2E_SEED_PASSWORD } from './ports';
import { english } from './studio';

/**
 * An operator (the seeded administrator unless named) signs in to the console and waits for its
 * home, which greets them by their nickname.
 */
export async function signInToConsole(
  page: Page,
  { username = 'admin', nickname = 'Administrator' }: { username?: string; nickname?: string } = {},
): Promise<void> {
  await page.goto('/#/console/login');
  await page.getByLabel(english('console:login.username'), { exact: true }).fill(username);
  await page.getByLabel(english('console:login.password'), { exact: true }).fill(E2E_SEED_PASSWORD);
  await page.getByRole('button', { name: english('console:login.submit'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    english('console:dashboard.heading', { name: nickname }),
  );
}

/** The page has loaded what it shows: the network is quiet and no spinner or skeleton is left. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}
