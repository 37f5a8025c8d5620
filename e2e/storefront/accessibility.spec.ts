import { expect, test } from '@playwright/test';
import { text } from '../locales';
import { PHONE } from '../support/phone';
import { accessibilityViolations } from '../support/axe';
import { chooseStateIfAsked } from '../support/buyer';

test.use({
  ...PHONE,
  // axe-core is injected as a script, which the storefront's Content Security Policy forbids.
  bypassCSP: true,
});

for (const language of ['en', 'zh-cn'] as const) {
  const sf = (key: string) => text(language, `storefront:${key}`);

  test(`every page a buyer meets, from the shop to the payment result, passes axe-core's checks (${language})`, async ({
    page,
  }) => {
    const expectAccessible = async (what: string) => {
      expect(await accessibilityViolations(page), what).toEqual([]);
    };

    await page.goto(`/s/demo?lang=${language}`);
    await expect(page.getByRole('main').locator('a[href*="/p/"]').first()).toBeVisible();
    await expectAccessible('shop page');

    await page.getByRole('main').locator('a[href*="/p/"]').first().click();
    await expect(page.getByRole('button', { name: sf('product.addToCart') })).toBeVisible();
    await expectAccessible('product page');
    await page.getByRole('button', { name: sf('product.addToCart') }).click();

    await page.getByRole('link', { name: new RegExp(`^${sf('cart.title')}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: sf('cart.heading') })).toBeVisible();
    await expectAccessible('cart');

    await page.getByRole('link', { name: sf('checkout.title') }).click();
    await page.getByRole('button', { name: sf('checkout.pay') }).click();
    await expect(page.getByText(sf('checkout.errors.required')).first()).toBeVisible();
    await expectAccessible('checkout with its field errors shown');

    await page.getByLabel(sf('checkout.fields.email')).fill(`a11y-${language}@example.com`);
    await page.getByLabel(sf('checkout.fields.name')).fill('Ada Access');
    await page.getByLabel(sf('checkout.fields.line1'), { exact: true }).fill('1 Market Street');
    await page.getByLabel(sf('checkout.fields.city')).fill('Springfield');
    await page.getByLabel(sf('checkout.fields.postalCode')).fill('12345');
    await chooseStateIfAsked(page);
    await page.getByRole('button', { name: sf('checkout.pay') }).click();
    await expect(page.getByRole('button', { name: sf('payauth.approve') })).toBeVisible();
    await expectAccessible('the sandbox approval page');
    await page.getByRole('button', { name: sf('payauth.approve') }).click();
    await expect(page.getByText(sf('payresult.success'))).toBeVisible();
    await expectAccessible('the payment result');

    await page.goto(`/s/no-such-shop-here?lang=${language}`);
    await expectAccessible('unknown shop');
  });
}
