import { expect, test } from '@playwright/test';
import { text } from '../locales';
import { E2E_SEED_PASSWORD } from '../support/ports';

test('an operator signs in to the console as a seeded account', async ({ page }) => {
  await page.goto('/#/console/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'console:login.heading'));

  // Empty form: the console's own messages.
  await page.getByRole('button', { name: text('en', 'console:login.submit'), exact: true }).click();
  await expect(page.getByText(text('en', 'console:login.usernameRequired'))).toBeVisible();
  await expect(page.getByText(text('en', 'console:login.passwordRequired'))).toBeVisible();

  await page.getByLabel(text('en', 'console:login.username'), { exact: true }).fill('admin');
  await page.getByLabel(text('en', 'console:login.password'), { exact: true }).fill('12345');
  await expect(page.getByText(text('en', 'console:login.passwordShort'))).toBeVisible();

  await page.getByLabel(text('en', 'console:login.password'), { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: text('en', 'console:login.submit'), exact: true }).click();
  await expect(page.getByText(text('en', 'common:auth.error.badCredentials'))).toBeVisible();

  await page.getByLabel(text('en', 'console:login.password'), { exact: true }).fill(E2E_SEED_PASSWORD);
  await page.getByRole('button', { name: text('en', 'console:login.submit'), exact: true }).click();

  // The console home, inside the console layout, greets the operator by name.
  await expect(page).toHaveURL(/#\/console/);
  const welcome = text('en', 'console:dashboard.heading').replace('{{name}}', 'Administrator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(welcome);
  await expect(
    page.getByRole('navigation', { name: text('en', 'console:layout.sidebar.label') }),
  ).toBeVisible();

  await page.getByRole('button', { name: text('en', 'console:navbar.userMenu') }).click();
  await page.getByRole('menuitem', { name: text('en', 'console:navbar.logout') }).click();
  await expect(page).toHaveURL(/login/);
});
