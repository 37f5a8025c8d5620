import { expect, test } from '@playwright/test';
import { text } from '../locales';
import { PHONE } from '../support/phone';
import { accessibilityViolations } from '../support/axe';
import { chooseStateIfAsked } from '../support/buyer';
import { waitForMail } from '../support/mailbox';
import { expectNoSidewaysScroll } from '../support/themes';

test.use({
  ...PHONE,
  // axe-core is injected as a script, which the storefront's Content Security Policy forbids.
  bypassCSP: true,
});

for (const language of ['en', 'zh-cn'] as const) {
  const sf = (key: string) => text(language, `storefront:${key}`);

  test(`every page a buyer meets, from the shop to the payment result and their order's page, passes axe-core's checks (${language})`, async ({
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

    const email = `a11y-${language}-${Date.now()}@example.com`;
    await page.getByLabel(sf('checkout.fields.email')).fill(email);
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
    const orderNo =
      /LS[A-Z0-9-]+/.exec(
        (await page
          .getByText(/LS[A-Z0-9-]{6,}/)
          .first()
          .textContent()) ?? '',
      )?.[0] ?? '';
    expect(orderNo).not.toBe('');

    // The buyer comes back from the confirmation mail's link: the order's own page, in their language.
    const mail = await waitForMail(email, /\/order\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\?lang=/);
    const link = new URL(
      /https?:\/\/\S+\/order\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\?lang=[a-z-]+/.exec(mail)?.[0] ?? '',
    );
    expect(link.pathname).toMatch(/^\/s\/demo\/order\//);
    expect(link.searchParams.get('lang')).toBe(language);
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNo);
    await expect(page.getByText(sf('order.stage.paid'))).toBeVisible();
    await expectNoSidewaysScroll(page, 'the order page');
    await expectAccessible('the order page');

    // "Find my order" from the footer: its field errors, then the same answer whatever it finds.
    await page
      .getByRole('link', { name: sf('findOrder.title') })
      .first()
      .click();
    await page.getByRole('button', { name: sf('findOrder.submit') }).click();
    await expect(page.getByText(sf('findOrder.errors.required')).first()).toBeVisible();
    await expectAccessible('find my order with its field errors shown');
    await page.getByLabel(sf('findOrder.orderNo')).fill(orderNo);
    await page.getByLabel(sf('findOrder.email')).fill(email);
    await page.getByRole('button', { name: sf('findOrder.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: sf('findOrder.sent') })).toBeVisible();
    await expectNoSidewaysScroll(page, 'find my order');
    await expectAccessible('find my order, sent');

    await page.goto(`/s/no-such-shop-here?lang=${language}`);
    await expectAccessible('unknown shop');
  });
}
