import { expect, test, type Page } from '@playwright/test';
import { text } from '../locales';
import { readCode } from '../support/mailbox';
import { expectStudioHome } from '../support/studio';

const PASSWORD = 'Sunny-days-2026';
const LANGUAGES = ['en', 'es'] as const;

/** The access token lifetime the test server runs with (ACCESS_TOKEN_TTL_SECONDS in the config). */
const ACCESS_TOKEN_SECONDS = 10;

async function expectSignedInHome(page: Page, lang: string) {
  await expectStudioHome(page, lang);
  await expect(page.getByRole('button', { name: text(lang, 'common:session.logout.action') })).toBeVisible();
}

async function signOut(page: Page, lang: string) {
  await page.getByRole('button', { name: text(lang, 'common:session.logout.action') }).click();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByText(text(lang, 'common:session.logout.success'))).toBeVisible();
}

for (const lang of LANGUAGES) {
  test(`a new creator registers with the emailed code and stays signed in (${lang})`, async ({
    page,
    context,
  }) => {
    const email = `creator-${lang}-${Date.now()}@example.com`;
    await page.goto(`/#/register?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(lang, 'studio:auth.register.heading'),
    );

    await page.getByLabel(text(lang, 'studio:auth.register.email'), { exact: true }).fill(email);
    await page.getByLabel(text(lang, 'studio:auth.register.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(text(lang, 'studio:auth.register.confirmPassword'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: text(lang, 'studio:auth.code.get') }).click();
    // The button counts down before another code may be asked for.
    await expect(page.getByRole('button', { name: /\d+/ }).first()).toBeDisabled();
    const code = await readCode(email);
    await page.getByLabel(text(lang, 'studio:auth.code.label'), { exact: true }).fill(code);
    await page.getByRole('button', { name: text(lang, 'studio:auth.register.submit'), exact: true }).click();
    await expectSignedInHome(page, lang);

    // A reload keeps the sign-in.
    await page.reload();
    await expectSignedInHome(page, lang);

    // The access token expires while no page runs; the next visit renews it silently. Waited for
    // in the first language only: the renewal says nothing in any language, and the wait is the
    // token's whole life.
    await page.close();
    const expires = lang === LANGUAGES[0];
    if (expires) await new Promise((resolve) => setTimeout(resolve, (ACCESS_TOKEN_SECONDS + 1) * 1000));
    const later = await context.newPage();
    const refreshed = expires
      ? later.waitForResponse((r) => r.url().includes('/api/v1/auth/refresh-token') && r.ok())
      : null;
    await later.goto('/#/');
    await refreshed;
    await expectSignedInHome(later, lang);

    await signOut(later, lang);

    // Sign in again with the new password.
    await later.getByLabel(text(lang, 'studio:auth.login.email'), { exact: true }).fill(email);
    await later.getByLabel(text(lang, 'studio:auth.login.password'), { exact: true }).fill(PASSWORD);
    await later.getByRole('button', { name: text(lang, 'studio:auth.login.submit'), exact: true }).click();
    await expectSignedInHome(later, lang);
    await signOut(later, lang);
  });

  test(`a wrong password is refused with a clear message (${lang})`, async ({ page }) => {
    await page.goto(`/#/login?lang=${lang}`);
    await page.getByLabel(text(lang, 'studio:auth.login.email'), { exact: true }).fill('nobody@example.com');
    await page.getByLabel(text(lang, 'studio:auth.login.password'), { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: text(lang, 'studio:auth.login.submit'), exact: true }).click();
    await expect(page.getByText(text(lang, 'common:auth.error.badCredentials'))).toBeVisible();
    await expect(page).toHaveURL(/#\/login/);
  });

  test(`a creator signs in with the OpenID provider (${lang})`, async ({ page }) => {
    await page.goto(`/#/login?lang=${lang}`);
    await page
      .getByRole('button', { name: text(lang, 'studio:auth.login.google') })
      .or(page.getByRole('link', { name: text(lang, 'studio:auth.login.google') }))
      .click();
    await expectSignedInHome(page, lang);
    // No token ever reached the address, and the one-time code it carried is gone from it.
    expect(page.url()).not.toMatch(/token|[?&]code=/i);
    await page.reload();
    await expectSignedInHome(page, lang);
    await signOut(page, lang);
  });
}
