import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { text } from './locales';
import { expectTapTargets } from './support/phone';
import { E2E_SEED_PASSWORD } from './support/ports';
import { expectAccessible, expectNoSidewaysScroll, followSystemTheme } from './support/themes';

/**
 * The sign-in page on its own (decision 0033): a visitor's `#/login` loads React and the page,
 * not the app, within the 120 KB; it is usable on a phone, accessible in both themes,
 * and signing in starts the app at the studio home.
 */
test.use({
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  // axe-core is injected as a script, which the app's Content Security Policy forbids.
  bypassCSP: true,
});

const en = (key: string) => text('en', key);

test('a visitor’s sign-in on a phone: ≤ 120 KB of JavaScript, then the studio home', async ({ page }) => {
  await followSystemTheme(page);
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/#/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('studio:auth.login.heading'));
  const password = page.getByLabel(en('studio:auth.login.password'), { exact: true });
  await expect(password).toBeEnabled();

  // The page on its own: React, the page and its texts, not the app.
  const paths = [...scripts.keys()];
  expect(paths.some((path) => path.includes('/signin-start-'))).toBe(true);
  expect(
    paths.filter((path) =>
      /\/(app-start|i18n|call-route|login-page|studio-layout|home-page|top-bar)-/.test(path),
    ),
  ).toEqual([]);
  const gzipped = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(`sign-in page: ${scripts.size} JavaScript files, ${gzipped} bytes gzipped`);
  expect(gzipped, 'the sign-in page’s JavaScript, gzipped (issue 17: ≤ 120 KB)').toBeLessThanOrEqual(120_000);

  await expectNoSidewaysScroll(page, 'the sign-in page');
  await expectTapTargets(page, 'the sign-in page');
  await expectAccessible(page, 'the sign-in page');

  // The language menu, and a refusal shown in the form.
  await page.getByRole('button', { name: en('common:language.switch.label') }).tap();
  await expectTapTargets(page, 'the language menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  // The form's own checks, shown on the fields.
  await page.getByRole('button', { name: en('studio:auth.login.submit'), exact: true }).tap();
  await expect(page.getByText(en('studio:auth.login.emailRequired'))).toBeVisible();
  await expect(page.getByText(en('studio:auth.login.passwordRequired'))).toBeVisible();
  await expectAccessible(page, 'the sign-in page with field errors');

  // Signing in: the app starts at the studio home, signed in.
  await page.getByLabel(en('studio:auth.login.email'), { exact: true }).fill('demo@linkstore.local');
  await password.fill(E2E_SEED_PASSWORD);
  await page.getByRole('button', { name: en('studio:auth.login.submit'), exact: true }).tap();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(en('studio:auth.login.heading'));
  expect(await page.evaluate<string | null>(`localStorage.getItem('access_token')`)).toMatch(/^Bearer /);
  expect(paths.length).toBeGreaterThan(0);
});

test('a visitor’s sign-up on a phone: ≤ 120 KB of JavaScript, usable and accessible', async ({ page }) => {
  await followSystemTheme(page);
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/#/register', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('studio:auth.register.heading'));
  await expect(page.getByLabel(en('studio:auth.register.password'), { exact: true })).toBeEnabled();
  const paths = [...scripts.keys()];
  expect(paths.some((path) => path.includes('/signin-start-'))).toBe(true);
  expect(paths.filter((path) => /\/(app-start|i18n|call-route|register-page|top-bar)-/.test(path))).toEqual(
    [],
  );
  const gzipped = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(`sign-up page: ${scripts.size} JavaScript files, ${gzipped} bytes gzipped`);
  expect(gzipped, 'the sign-up page’s JavaScript, gzipped (issue 17: ≤ 120 KB)').toBeLessThanOrEqual(120_000);

  await expectNoSidewaysScroll(page, 'the sign-up page');
  await expectTapTargets(page, 'the sign-up page');
  await expectAccessible(page, 'the sign-up page');
  await page.getByRole('button', { name: en('studio:auth.register.submit'), exact: true }).tap();
  await expect(page.getByText(en('studio:auth.validation.passwordRequired'))).toBeVisible();
  await expectAccessible(page, 'the sign-up page with field errors');

  // "Log in" goes to the sign-in page, still on its own.
  await page.getByRole('link', { name: en('studio:auth.register.logIn'), exact: true }).tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('studio:auth.login.heading'));
  // Still the page alone (the app's files are only fetched in the background since the first tap).
  await expect(page.locator('[class*="ant-"]')).toHaveCount(0);
});
