import { expect, test, type Locator, type Page } from '@playwright/test';
import { text } from '../locales';
import { accessibilityViolations } from '../support/axe';
import { demoProduct } from '../support/buyer';
import { PHONE } from '../support/phone';
import { E2E_SEED_PASSWORD } from '../support/ports';
import { english } from '../support/studio';
import { expectAccessible, expectNoSidewaysScroll, followSystemTheme } from '../support/themes';

/**
 * Shop information on a 360 × 640 phone (issue 17): an operator rewrites the returns page in
 * Spanish in the console; a buyer on the Spanish storefront finds it from the footer of the shop
 * and from the sentence next to the pay button, with no sideways scroll and nothing axe-core
 * objects to.
 */
test.use({ ...PHONE, viewport: { width: 360, height: 640 }, bypassCSP: true });

const es = (key: string) => text('es', `storefront:${key}`);

/** Every link is a tap target at least 44 px tall. */
async function expectTappable(links: Locator, what: string) {
  for (const link of await links.all()) {
    const box = await link.boundingBox();
    expect(box?.height ?? 0, `${what}: ${await link.textContent()}`).toBeGreaterThanOrEqual(44);
  }
}

async function expectReadable(page: Page, what: string) {
  await expectNoSidewaysScroll(page, what);
  expect(await accessibilityViolations(page), what).toEqual([]);
}

test('an operator rewrites the returns page in Spanish; a buyer reads it from the footer and from the checkout', async ({
  page,
  browser,
  request,
}) => {
  const words = `Tienes 45 días para devolver cualquier artículo (${Date.now()}).`;

  // The operator, in the console on a phone.
  await followSystemTheme(page);
  await page.goto('/#/console/login');
  await page.getByLabel(english('console:login.username'), { exact: true }).fill('admin');
  await page.getByLabel(english('console:login.password'), { exact: true }).fill(E2E_SEED_PASSWORD);
  await page.getByRole('button', { name: english('console:login.submit'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    english('console:dashboard.heading', { name: 'Administrator' }),
  );
  await page.goto('/#/system/info-pages');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(english('system:infoPages.title'));
  await page.getByRole('combobox', { name: english('system:infoPages.field.page') }).tap();
  await page.getByTitle(english('system:infoPages.page.returns'), { exact: true }).tap();
  await page.getByRole('combobox', { name: english('system:infoPages.field.language') }).tap();
  await page.getByTitle(english('system:infoPages.language.es'), { exact: true }).tap();
  const editor = page.getByRole('textbox', {
    name: english('system:infoPages.field.text', {
      page: english('system:infoPages.page.returns'),
      language: english('system:infoPages.language.es'),
    }),
  });
  // The seeded Spanish text, ready to be rewritten.
  await expect(editor).toContainText('30 días');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await editor.pressSequentially(words);
  await expectAccessible(page, 'the information pages editor');
  await expectNoSidewaysScroll(page, 'the information pages editor');
  await page.getByRole('button', { name: english('system:infoPages.save'), exact: true }).tap();
  await expect(page.getByText(english('system:infoPages.saved'))).toBeVisible();

  // A buyer on the Spanish storefront, on their own phone.
  const buyer = await browser.newPage({ ...PHONE, viewport: { width: 360, height: 640 }, bypassCSP: true });
  await buyer.goto('/s/demo?lang=es');
  const footer = buyer.getByRole('navigation', { name: es('info.nav') });
  // The five information pages, and Find my order.
  await expect(footer.getByRole('link')).toHaveCount(6);
  await expect(footer.getByRole('link', { name: es('findOrder.title'), exact: true })).toHaveAttribute(
    'href',
    /\/s\/demo\/orders\/find/,
  );
  await expectTappable(footer.getByRole('link'), 'the footer links');
  await expectReadable(buyer, 'the shop page with its footer');
  await footer.getByRole('link', { name: es('info.returns'), exact: true }).tap();
  await expect(buyer).toHaveURL(/\/s\/demo\/info\/returns/);
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(es('info.returns'));
  await expect(buyer.getByText(words)).toBeVisible();
  await expect(buyer.getByText(es('info.inEnglish'))).toHaveCount(0);
  await expectReadable(buyer, 'the returns page');

  // The same page from the checkout, next to the pay button.
  const product = await demoProduct(request);
  await buyer.goto(`/s/demo/p/${product.id}?lang=es`);
  await buyer.getByRole('button', { name: es('product.addToCart'), exact: true }).tap();
  await buyer.goto('/s/demo/checkout?lang=es');
  const pay = buyer.getByRole('button', { name: es('checkout.pay'), exact: true });
  await expect(pay).toBeVisible();
  const accept = buyer.locator('form .sf-accept');
  await expect(accept.getByRole('link')).toHaveCount(3);
  await expectTappable(accept.getByRole('link'), 'the links next to the pay button');
  await expectReadable(buyer, 'the checkout page');
  await accept.getByRole('link', { name: es('checkout.link.returns'), exact: true }).tap();
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(es('info.returns'));
  await expect(buyer.getByText(words)).toBeVisible();
  await buyer.close();
});
