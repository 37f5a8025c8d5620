import { expect, test } from '@playwright/test';
import { text } from '../locales';

test('a visitor opens the app, switches the language, and the login page follows', async ({ page }) => {
  await page.goto('/');
  // Signed out, the guard sends the visitor to the landing page; its "Sign in" to the form.
  await expect(page).toHaveURL(/#\/welcome/);
  await page
    .getByRole('main')
    .getByRole('link', { name: text('en', 'landing:hero.signIn'), exact: true })
    .click();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'studio:auth.login.heading'));
  await expect(page).toHaveTitle(/LinkStore/);
  await expect(page.getByLabel(text('en', 'studio:auth.login.email'))).toBeVisible();

  await page.getByRole('button', { name: text('en', 'common:language.switch.label') }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();

  await expect(page.getByText(text('es', 'common:language.switch.success'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('es', 'studio:auth.login.heading'));
  await expect(page.getByLabel(text('es', 'studio:auth.login.email'))).toBeVisible();
  await expect(page.getByRole('button', { name: text('es', 'studio:auth.login.submit') })).toBeVisible();

  // The choice is kept: a reload comes back in Spanish.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('es', 'studio:auth.login.heading'));

  // Chinese too (the test machine installs a CJK font so it renders).
  await page.getByRole('button', { name: text('es', 'common:language.switch.label') }).click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('zh-cn', 'studio:auth.login.heading'),
  );
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/404/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'common:route.title.notFound'));
});
