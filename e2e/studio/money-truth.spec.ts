import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { text } from '../locales';
import { demoProduct, placePaidOrder, placeUnpaidOrder } from '../support/buyer';
import { E2E_SEED_PASSWORD } from '../support/ports';
import { english as t, cents, dollars, signInAsDemo } from '../support/studio';
import { signInToConsole } from '../support/console';

/**
 * One truth about money (issue 30): the demo creator pays one of their unpaid orders themselves;
 * while their studio stays open, an operator refunds one buyer's order in full and another in
 * part. Without a reload, Home's total earnings and Earnings' "Total earned" move to the same
 * figure, to the cent; the partly refunded order shows what went back and what it still earns,
 * the self-paid one is the creator's purchase, and the fully refunded one is no longer shipped.
 */

interface Envelope<T> {
  code: string;
  data: T;
}

/** The operator console in a browser of its own, at a desktop's size. */
async function signInAsOperator(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInToConsole(page);
  return page;
}

/** What the pages do not show: an order's total and its frozen profit, from the console's API. */
async function orderMoney(
  request: APIRequestContext,
  orderNo: string,
): Promise<{ totalMinor: number; profitMinor: number }> {
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'admin', password: E2E_SEED_PASSWORD },
  });
  const token = ((await login.json()) as Envelope<{ accessToken: string }>).data.accessToken;
  const detail = await request.get(`/api/v1/system/orders/${orderNo}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await detail.json()) as Envelope<{ totalMinor: number; profitMinor: number }>).data;
}

/**
 * Commerce › Orders searched by the buyer's email — in the queue to ship ("Paid, in transit") or
 * among all orders — answering the row of exactly their order, or null when it is not listed.
 */
async function findOrder(
  page: Page,
  email: string,
  orderNo: string,
  queue: 'toShip' | 'all' = 'toShip',
): Promise<Locator | null> {
  await page.goto('/#/commerce/orders');
  await page.getByRole('button', { name: t('system:crud.search.reset'), exact: true }).click();
  if (queue === 'toShip') {
    await page
      .locator('.ant-form-item')
      .filter({ has: page.getByText(t('orders:console.status'), { exact: true }) })
      .locator('.ant-select')
      .click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: t('orders:status.1') })
      .click();
  }
  await page.getByLabel(t('orders:console.buyerEmail'), { exact: true }).fill(email);
  await page.getByRole('button', { name: t('system:crud.search.submit'), exact: true }).click();
  const none = page.getByText(t('orders:console.count', { shown: 0, total: 0 }));
  const one = page.getByText(t('orders:console.count', { shown: 1, total: 1 }));
  await expect(none.or(one)).toBeVisible();
  if (await none.isVisible()) return null;
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toBeVisible();
  return row;
}

async function findPaidOrder(page: Page, email: string, orderNo: string): Promise<Locator> {
  const row = await findOrder(page, email, orderNo);
  if (!row) throw new Error(`${orderNo} is not in the queue to ship`);
  return row;
}

/** Refunds `amount` cents of the order in the row through its detail drawer. */
async function refund(page: Page, row: Locator, orderNo: string, amount: number) {
  await row.getByRole('button', { name: `${t('orders:console.detail')} ${orderNo}` }).click();
  const drawer = page.getByRole('dialog', { name: t('orders:orders.detail.title', { orderNo }) });
  await drawer.getByRole('button', { name: t('orders:console.refund.button'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('orders:console.refund.title', { orderNo }) });
  await dialog
    .getByLabel(t('orders:console.refund.amount', { currency: 'USD' }))
    .fill(dollars(amount).slice(1).replaceAll(',', ''));
  await dialog.getByLabel(t('orders:console.refund.reason'), { exact: true }).fill('Money truth journey');
  await dialog.getByRole('button', { name: t('orders:console.refund.submit'), exact: true }).click();
  await expect(
    page.getByText(t('orders:console.refund.done', { amount: dollars(amount), orderNo })),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  const refunds = drawer.getByRole('region', { name: t('orders:console.refunds') });
  await expect(refunds).toContainText(t('orders:console.refundStatus.completed'));
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/** A studio page through its menu (the page is not loaded again), once its heading is there. */
async function open(page: Page, label: string, heading: string) {
  await page
    .getByRole('navigation', { name: t('studio:nav.menu') })
    .getByRole('menuitem', { name: label })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

const homeTotal = (page: Page) =>
  page
    .getByRole('main')
    .locator('.ant-card')
    .filter({ hasText: t('studio:home.dashboard.cards.earningsTotal') })
    .locator('.ant-statistic-content');

const totalEarned = (page: Page) =>
  page
    .locator('.ant-statistic')
    .filter({ has: page.getByText(t('payouts:figures.totalEarned'), { exact: true }) })
    .locator('.ant-statistic-content');

test('a creator pays an order, an operator refunds two while the studio is open, and every page tells the same earnings', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const fullEmail = `truth-full-${stamp}@example.com`;
  const partEmail = `truth-part-${stamp}@example.com`;
  const product = await demoProduct(request);
  // Orders of this journey's own: the seed's unpaid ones may be paid by another journey already.
  const selfPaid = await placeUnpaidOrder(request, `truth-self-${stamp}@example.com`, product.id);
  const full = await placePaidOrder(request, { email: fullEmail, language: 'en' }, product.id, 1);
  const part = await placePaidOrder(request, { email: partEmail, language: 'en' }, product.id, 2);
  const fullMoney = await orderMoney(request, full.orderNo);
  const partMoney = await orderMoney(request, part.orderNo);
  const half = partMoney.totalMinor / 2;
  const share = Math.round((partMoney.profitMinor * half) / partMoney.totalMinor);

  // 1. The creator pays the unpaid order themselves: Pay now, the sandbox's approval, back.
  await signInAsDemo(page);
  await page.goto('/#/order?status=0');
  await page.getByRole('button', { name: t('orders:orders.pay.payNowOf', { orderNo: selfPaid }) }).click();
  const payDialog = page.getByRole('dialog', { name: t('orders:orders.pay.title') });
  await expect(payDialog).toContainText(selfPaid);
  await payDialog.getByRole('button', { name: t('orders:orders.pay.payWithPayPal') }).click();
  await expect(page).toHaveURL(/\/payauth\?token=/);
  await page.getByRole('button', { name: text('en', 'storefront:payauth.approve') }).click();
  await expect(page).toHaveURL(/#\/order\/pay-result\?purchase=\d+/);
  const success = page.getByRole('dialog', { name: t('orders:orders.pay.success') });
  await expect(success).toContainText(/Orders paid: 1\./);

  // 2. Home and Earnings agree before the refunds. From here on the studio is never loaded again.
  await page.goto('/#/');
  await page.evaluate(() => {
    (globalThis as unknown as { moneyTruth?: string }).moneyTruth = 'same page';
  });
  await expect(homeTotal(page)).toHaveText(/^\$[\d,]+\.\d\d$/);
  const before = cents(await homeTotal(page).innerText());
  await open(page, t('orders:nav.earnings'), t('orders:earnings.heading'));
  await expect(totalEarned(page)).toHaveText(dollars(before));
  await page
    .getByRole('navigation', { name: t('studio:nav.menu') })
    .getByRole('menuitem', { name: t('studio:nav.home') })
    .click();
  await expect(homeTotal(page)).toHaveText(dollars(before));

  // 3. The operator refunds one order in full and the other in half.
  const operator = await signInAsOperator(browser, baseURL ?? '');
  try {
    await refund(
      operator,
      await findPaidOrder(operator, fullEmail, full.orderNo),
      full.orderNo,
      full.totalMinor,
    );
    await refund(operator, await findPaidOrder(operator, partEmail, part.orderNo), part.orderNo, half);

    // 4. The open studio hears of the refunds and reads its figures again: Home, then Earnings —
    // the whole profit of the order refunded in full and half of the other's taken back.
    const after = before - fullMoney.profitMinor - share;
    await expect(homeTotal(page)).toHaveText(dollars(after));
    await open(page, t('orders:nav.earnings'), t('orders:earnings.heading'));
    await expect(totalEarned(page)).toHaveText(dollars(after));
    await expect(
      page.getByText(new RegExp(`^Total earned ${dollars(after).replace('$', '\\$')} `)),
    ).toBeVisible();

    // 5. The orders: the partly refunded one, then the one the creator paid.
    await open(page, t('orders:nav.orders'), t('orders:orders.heading'));
    await page.getByRole('button', { name: t('orders:orders.open', { orderNo: part.orderNo }) }).click();
    const partDrawer = page.getByRole('dialog', {
      name: t('orders:orders.detail.title', { orderNo: part.orderNo }),
    });
    await expect(partDrawer.getByText(t('orders:orders.detail.refunded'), { exact: true })).toBeVisible();
    await expect(partDrawer.getByText(t('orders:orders.detail.earned'), { exact: true })).toBeVisible();
    await expect(partDrawer.getByText(dollars(partMoney.profitMinor - share), { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(partDrawer).toBeHidden();
    await page.getByRole('button', { name: t('orders:orders.open', { orderNo: selfPaid }) }).click();
    const selfDrawer = page.getByRole('dialog', {
      name: t('orders:orders.detail.title', { orderNo: selfPaid }),
    });
    await expect(selfDrawer.getByText(t('orders:orders.detail.paidByYou'), { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(selfDrawer).toBeHidden();
    expect(await page.evaluate(() => (globalThis as unknown as { moneyTruth?: string }).moneyTruth)).toBe(
      'same page',
    );

    // 6. The console: the fully refunded order left the queue to ship, reads Refunded among all
    // orders and has no Ship action; the partly refunded one still ships.
    expect(await findOrder(operator, fullEmail, full.orderNo)).toBeNull();
    const fullRow = await findOrder(operator, fullEmail, full.orderNo, 'all');
    if (!fullRow) throw new Error(`${full.orderNo} is not listed`);
    await expect(fullRow).toContainText(t('orders:status.refunded'));
    await expect(
      fullRow.getByRole('button', { name: t('orders:console.shipLabel', { orderNo: full.orderNo }) }),
    ).toHaveCount(0);
    const partRow = await findPaidOrder(operator, partEmail, part.orderNo);
    await expect(
      partRow.getByRole('button', { name: t('orders:console.shipLabel', { orderNo: part.orderNo }) }),
    ).toBeVisible();
  } finally {
    await operator.context().close();
  }
});
