import { expect, type Page } from '@playwright/test';
import { text } from '../locales';
import { E2E_SEED_PASSWORD } from './ports';

/** An English text with its `{{name}}` placeholders filled, as the app shows it. */
export function english(key: string, values: Record<string, string | number> = {}): string {
  return Object.entries(values).reduce(
    (result, [name, value]) => result.replaceAll(`{{${name}}}`, String(value)),
    text('en', key),
  );
}

/** "$1,234.56" → 123456: what the page shows, back in cents. */
export function cents(shown: string): number {
  const match = /\$([\d,]+)\.(\d{2})/.exec(shown);
  if (!match?.[1] || !match[2]) throw new Error(`not an amount: ${shown}`);
  return Number(match[1].replaceAll(',', '')) * 100 + Number(match[2]);
}

/** 123456 → "$1,234.56", as the page shows US dollars in English. */
export function dollars(amount: number): string {
  const whole = Math.floor(amount / 100).toLocaleString('en-US');
  return `$${whole}.${String(amount % 100).padStart(2, '0')}`;
}

/**
 * After signing in or up, the studio's home once the app shows it. The address turns to `#/`
 * before the app has started (the sign-in page hands over to it): an address opened in that
 * moment was lost to the router's first history write, and the journey's next step reloaded the
 * home instead of its page (3 runs in 8 of a phone journey, once traces were no longer recorded).
 */
export async function expectStudioHome(page: Page, lang = 'en'): Promise<void> {
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    text(lang, 'studio:home.dashboard.heading'),
  );
}

/** The seeded demo creator signs in to the studio in English and lands on its home. */
export async function signInAsDemo(page: Page): Promise<void> {
  await page.goto('/#/login?lang=en');
  await page.getByLabel(english('studio:auth.login.email'), { exact: true }).fill('demo@linkstore.local');
  await page.getByLabel(english('studio:auth.login.password'), { exact: true }).fill(E2E_SEED_PASSWORD);
  await page.getByRole('button', { name: english('studio:auth.login.submit'), exact: true }).click();
  await expectStudioHome(page);
}
