import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { text } from '../locales';
import { accessibilityViolations } from '../support/axe';
import { E2E_SEED_PASSWORD } from '../support/ports';

/**
 * Commerce › Creators on a 360 × 640 phone: an operator suspends the demo shop with a reason, the
 * buyer's link answers "unavailable for now" (409, not 404), and lifting it opens the shop again.
 * Both pages pass axe-core's checks.
 */
test.use({ viewport: { width: 360, height: 640 }, bypassCSP: true });

const en = (key: string, vars: Record<string, string> = {}) =>
  Object.entries(vars).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text('en', key));
const route = (name: string) => text('en', `common:route.${name}`);
const SHOP = 'Demo picks';

async function signIn(page: Page) {
  await page.goto('/#/console/login');
  await page.getByLabel(en('console:login.username'), { exact: true }).fill('admin');
  await page.getByLabel(en('console:login.password'), { exact: true }).fill(E2E_SEED_PASSWORD);
  await page.getByRole('button', { name: en('console:login.submit'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    en('console:dashboard.heading', { name: 'Administrator' }),
  );
}

async function openCreators(page: Page) {
  await page.goto('/#/commerce/creators');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(route('Creators'));
}

/** The theme follows the system ("auto"), so `emulateMedia` switches it in place. */
async function followSystemTheme(page: Page) {
  await page.addInitScript(() => {
    (
      globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
    ).localStorage.setItem('settings', JSON.stringify({ theme: 'auto' }));
  });
}

/** axe-core finds nothing in the light theme, nor in the dark one. */
async function expectAccessible(page: Page, what: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveCSS('color-scheme', scheme);
    await page.waitForFunction('document.getAnimations().every((a) => a.playState !== "running")');
    expect(await accessibilityViolations(page), `${what}, ${scheme} theme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Whatever happens in the journey, the demo shop is open again for the other journeys. */
async function liftQuietly(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'admin', password: E2E_SEED_PASSWORD },
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const page = await request.get('/api/v1/system/creators/page?keywords=demo', {
    headers: { authorization: `Bearer ${token}` },
  });
  const creators = ((await page.json()) as { data: { list: { userId: string; slug: string }[] } }).data.list;
  const demo = creators.find((creator) => creator.slug === 'demo');
  if (!demo) return;
  await request.post(`/api/v1/system/creators/${demo.userId}/lift`, {
    headers: { authorization: `Bearer ${token}` },
    data: { reason: 'End of the e2e journey' },
  });
}

test('an operator suspends a shop and lifts it; buyers meet an accessible "unavailable" page meanwhile', async ({
  page,
  browser,
  request,
}) => {
  try {
    await followSystemTheme(page);
    await signIn(page);
    await openCreators(page);
    const row = page.getByRole('row').filter({ hasText: SHOP });
    await expect(row).toBeVisible();
    await expectAccessible(page, 'creators page');

    await row.getByRole('button', { name: en('creators:action.suspend.label', { name: SHOP }) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'suspend dialog');
    await dialog.getByLabel(en('creators:action.reason')).fill('Counterfeit goods reported');
    await dialog.getByRole('button', { name: en('creators:action.suspend.button'), exact: true }).click();
    await expect(page.getByText(en('creators:action.suspend.done', { name: SHOP }))).toBeVisible();
    await expect(row.getByText(en('creators:state.suspended'), { exact: true })).toBeVisible();

    await row.getByRole('button', { name: en('creators:list.detailLabel', { name: SHOP }) }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: en('creators:detail.history') });
    await expect(drawer.getByText('Counterfeit goods reported').last()).toBeVisible();
    await expectAccessible(page, 'creator drawer');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const buyer = await browser.newContext({ viewport: { width: 360, height: 640 }, bypassCSP: true });
    const shop = await buyer.newPage();
    // The rendered page is reused for up to 5 seconds: wait for the suspension to reach it.
    await expect
      .poll(async () => (await shop.goto('/s/demo?lang=en'))?.status(), { timeout: 15_000 })
      .toBe(409);
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(/unavailable for now/);
    expect(await accessibilityViolations(shop), 'unavailable page').toEqual([]);

    await row.getByRole('button', { name: en('creators:action.lift.label', { name: SHOP }) }).click();
    await dialog.getByLabel(en('creators:action.reason')).fill('Cleared after review');
    await dialog.getByRole('button', { name: en('creators:action.lift.button'), exact: true }).click();
    await expect(page.getByText(en('creators:action.lift.done', { name: SHOP }))).toBeVisible();
    await expect
      .poll(async () => (await shop.goto('/s/demo?lang=en'))?.status(), { timeout: 15_000 })
      .toBe(200);
    await buyer.close();
  } finally {
    await liftQuietly(request);
  }
});
