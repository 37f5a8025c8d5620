import { expect, test, type Page } from '@playwright/test';
import { text } from '../locales';
import { PHONE } from '../support/phone';
import { E2E_SEED_PASSWORD } from '../support/ports';

const t = (key: string) => text('en', key);

// A small phone: the whole journey fits without sideways scrolling.
test.use({ ...PHONE, viewport: { width: 360, height: 640 } });

async function signInAsDemo(page: Page) {
  await page.goto('/#/login?lang=en');
  await page.getByLabel(t('studio:auth.login.email'), { exact: true }).fill('demo@linkstore.local');
  await page.getByLabel(t('studio:auth.login.password'), { exact: true }).fill(E2E_SEED_PASSWORD);
  await page.getByRole('button', { name: t('studio:auth.login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/#\/$/);
}

async function expectNoSidewaysScroll(page: Page) {
  // A string: the e2e project has no DOM types.
  const widths = await page.evaluate<{ page: number; view: number }>(
    '({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth })',
  );
  expect(widths.page).toBeLessThanOrEqual(widths.view);
}

test('the demo creator pays an unpaid order through the sandbox and sees it completed', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/#/order');
  const payNow = page.getByRole('button', { name: /^Pay now for order / });
  await expect(payNow.first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Nothing selected: the bulk button asks for an order.
  await page.getByRole('button', { name: t('orders:orders.pay.bulk'), exact: true }).click();
  await expect(page.getByText(t('orders:orders.pay.selectFirst'))).toBeVisible();

  const label = (await payNow.first().getAttribute('aria-label')) ?? '';
  const orderNo = label.replace(/^Pay now for order /, '');
  const box = await payNow.first().boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await payNow.first().click();
  const dialog = page.getByRole('dialog', { name: t('orders:orders.pay.title') });
  await expect(dialog).toContainText(orderNo);
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: t('orders:orders.pay.payWithPayPal') }).click();

  await expect(page).toHaveURL(/\/payauth\?token=/);
  await page.getByRole('button', { name: text('en', 'storefront:payauth.approve') }).click();

  await expect(page).toHaveURL(/#\/order\/pay-result\?purchase=\d+/);
  const success = page.getByRole('dialog', { name: t('orders:orders.pay.success') });
  await expect(success).toBeVisible();
  await expectNoSidewaysScroll(page);
  await success.getByRole('button', { name: t('orders:orders.pay.viewOrder') }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(orderNo) });
  await expect(drawer).toContainText(t('orders:status.2'));
});
