import { expect, test, type Page } from '@playwright/test';
import { text } from '../locales';
import { demoProduct, placePaidOrder } from '../support/buyer';
import { htmlPartOf, waitForMail, waitForRawMail } from '../support/mailbox';
import { PHONE } from '../support/phone';
import { E2E_SEED_PASSWORD } from '../support/ports';
import { accessibilityViolations } from '../support/axe';
import { expectNoSidewaysScroll } from '../support/themes';

/*
 * What a buyer can do after paying, before fulfilment starts (issue 35, decision 0058), on a
 * 360 × 640 phone: from the confirmation mail's link, change the address (mailed back to them),
 * then cancel — the order shows cancelled, the refund is mailed, and the console's order shows the
 * buyer's refund with the stock returned and the creator's profit reversed in the ledger.
 */
test.use({ ...PHONE, bypassCSP: true });

interface Envelope<T> {
  code: string;
  data: T;
}

const sf = (key: string) => text('en', `storefront:${key}`);

/** The storefront has one (light) theme: axe-core checks it as shown. */
async function expectAccessible(page: Page, what: string) {
  expect(await accessibilityViolations(page), what).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

test('a buyer changes the address, then cancels: refunded, stock back, profit reversed, mailed', async ({
  page,
  request,
}) => {
  const email = `self-service-${Date.now()}@example.com`;
  const product = await demoProduct(request);
  const { orderNo, totalMinor } = await placePaidOrder(request, { email, language: 'en' }, product.id, 1);

  const mail = await waitForMail(email, /\/order\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\?lang=/);
  const link = new URL(
    /https?:\/\/\S+\/order\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\?lang=en/.exec(mail)?.[0] ?? '',
  );
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNo);
  await expect(page.getByText(sf('order.stage.paid'))).toBeVisible();

  // The address: the street changes, the country stays (and is said to).
  await page.getByRole('button', { name: sf('order.changeAddress.open') }).click();
  const line1 = page.getByLabel(sf('checkout.fields.line1'), { exact: true });
  await line1.fill('');
  await page.getByRole('button', { name: sf('order.changeAddress.save') }).click();
  await expect(page.getByText(sf('checkout.errors.required'))).toBeVisible();
  await expectAccessible(page, 'the address form with its error');
  await expectNoSidewaysScroll(page, 'the address form');
  await line1.fill('Calle de Alcalá 42');
  await page.getByRole('button', { name: sf('order.changeAddress.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: sf('order.changeAddress.done') })).toBeVisible();
  await expect(page.locator('address')).toContainText('Calle de Alcalá 42');
  const changed = await waitForMail(email, new RegExp(`The address of your order ${orderNo}`));
  expect(changed).toContain('Calle de Alcal');

  // Cancel: asked once more with the amount, then the order shows cancelled.
  await page.getByRole('button', { name: sf('order.cancel.open') }).click();
  await expect(page.getByRole('button', { name: sf('order.cancel.confirm') })).toBeVisible();
  await expectAccessible(page, 'the cancel panel');
  await page.getByRole('button', { name: sf('order.cancel.confirm') }).click();
  await expect(page.getByText(sf('order.stage.cancelled'))).toBeVisible();
  await expect(page.getByRole('button', { name: sf('order.cancel.open') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: sf('order.changeAddress.open') })).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'the cancelled order');
  await expectAccessible(page, 'the cancelled order');
  const cancelMail = await waitForRawMail(email, new RegExp(`Your order ${orderNo} from .* is cancelled`));
  await waitForMail(email, new RegExp(`Refund for your order ${orderNo}`));

  // What the operators see: the buyer's refund of the whole total with the stock back, and the
  // creator's profit taken back in the ledger.
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'admin', password: E2E_SEED_PASSWORD },
  });
  const token = ((await login.json()) as Envelope<{ accessToken: string }>).data.accessToken;
  const detail = await request.get(`/api/v1/system/orders/${orderNo}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const order = (
    (await detail.json()) as Envelope<{
      cancelledAt: string | null;
      profitMinor: number;
      refunds: { source: string; status: string; amountMinor: number; restock: boolean }[];
      ledger: { kind: string; amountMinor: number }[];
    }>
  ).data;
  expect(order.cancelledAt).not.toBeNull();
  expect(order.refunds).toEqual([
    expect.objectContaining({ source: 'buyer', status: 'completed', amountMinor: totalMinor, restock: true }),
  ]);
  expect(order.ledger.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(0);
  expect(order.ledger.map((row) => row.kind).sort()).toEqual(['refund', 'sale']);

  // The mail as a mail client shows it (decision 0062): its HTML part in a real browser, on a
  // phone and on a desktop, readable, accessible, no wider than the screen, nothing remote but
  // the shop's own image.
  const html = htmlPartOf(cancelMail);
  expect(html).toContain(`<html lang="en">`);
  expect(html).not.toMatch(/<script|<link|url\(/i);
  for (const width of [360, 800]) {
    await page.setViewportSize({ width, height: 640 });
    await page.setContent(html);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNo);
    await expect(page.locator('a[href*="/order/"]')).toBeVisible();
    await expectNoSidewaysScroll(page, `the cancellation mail at ${width} px`);
    await expectAccessible(page, `the cancellation mail at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`cancel-mail-${width}.png`), fullPage: true });
  }
});
