import { expect, test, type APIRequestContext, type Page as PwPage } from '@playwright/test';
import { text } from '../locales';
import { PHONE } from '../support/phone';
import { waitForMail } from '../support/mailbox';
import { checkOutInSandbox } from '../support/buyer';
import { signInAsDemo } from '../support/studio';

const sf = (key: string) => text('en', `storefront:${key}`);

interface Page<T> {
  list: T[];
}

/** The first product of the demo shop whose first reviews include a verified purchase. */
async function productWithVerifiedReview(request: APIRequestContext) {
  for (let pageNum = 1; pageNum <= 10; pageNum += 1) {
    const answer = await request.get(`/api/v1/public/shops/demo/products?pageSize=48&pageNum=${pageNum}`);
    const products = (
      (await answer.json()) as { data: Page<{ id: string; title: string; reviewCount: number }> }
    ).data.list;
    for (const product of products.filter((p) => p.reviewCount > 0)) {
      const reviews = await request.get(
        `/api/v1/public/shops/demo/products/${product.id}/reviews?pageSize=50`,
      );
      if (
        ((await reviews.json()) as { data: Page<{ verified: boolean }> }).data.list.some((r) => r.verified)
      ) {
        return product;
      }
    }
    if (products.length < 48) break;
  }
  throw new Error('no product of the demo shop has a verified review');
}

/** Finds a product with the shop's search box and opens it from the grid. */
async function openProduct(page: PwPage, title: string) {
  await page.getByRole('searchbox', { name: sf('shop.searchLabel') }).fill(title);
  await page.getByRole('button', { name: sf('shop.search'), exact: true }).click();
  // The search's own list, not the one it replaces: its address names it, and it is loaded.
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('main').locator('.sf-grid')).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('main').getByRole('link', { name: title, exact: true }).click();
}

test.use(PHONE);

test('a buyer on a phone opens a shared shop link, reads reviews, buys two products with the sandbox and the creator sees the paid order and the profit', async ({
  page,
  browser,
  request,
}) => {
  const buyer = `buyer-${Date.now()}@example.com`;

  // The shared link, with the traffic source the creator put on it.
  await page.goto('/s/demo?user_source=instagram&page_source=bio');
  await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute('content', /.+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A product with a verified purchase among its reviews (the demo orders left some): open it
  // from the grid, read the reviews, add it to the cart.
  const reviewed = await productWithVerifiedReview(request);
  const productLinks = page.getByRole('main').locator('a[href*="/p/"]');
  await expect(productLinks.first()).toBeVisible();
  await openProduct(page, reviewed.title);
  await expect(page).toHaveURL(new RegExp(`/s/demo/p/${reviewed.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: reviewed.title })).toBeVisible();
  await expect(page.getByText(sf('reviews.verified')).first()).toBeVisible();
  await page.getByRole('button', { name: sf('product.addToCart') }).click();

  // A second product from the shop page: Back shows the search as it was, cleared for the whole shop.
  await page.goBack();
  const search = page.getByRole('searchbox', { name: sf('shop.searchLabel') });
  await expect(search).toHaveValue(reviewed.title);
  await search.fill('');
  await page.getByRole('button', { name: sf('shop.search'), exact: true }).click();
  await expect(productLinks.filter({ hasNotText: reviewed.title }).first()).toBeVisible();
  const other = (await productLinks.allTextContents()).find((title) => title !== reviewed.title) ?? '';
  await openProduct(page, other);
  await page.getByRole('button', { name: sf('product.addToCart') }).click();

  await page.getByRole('link', { name: `${sf('cart.title')} 2 ${sf('cart.units_other')}` }).click();
  await expect(page).toHaveURL(/\/s\/demo\/cart$/);
  await page.getByRole('link', { name: sf('checkout.title') }).click();

  const orderNo = await checkOutInSandbox(page, { email: buyer, name: 'Bea Buyer' });
  // The confirmation mail names the order.
  await waitForMail(buyer, new RegExp(orderNo));

  // The creator, on a desktop, sees the order paid and the profit in their earnings.
  const creator = await browser.newPage({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  await signInAsDemo(creator);
  await creator.goto('/#/order');
  const row = creator.getByRole('row').filter({ hasText: orderNo ?? '' });
  await expect(row).toContainText('Paid');
  // The profit column, found by its header: a selection column comes first when the list has
  // unpaid orders to pay.
  const headers = (await creator.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const profitColumn = headers.indexOf('Profit');
  expect(profitColumn).toBeGreaterThan(0);
  const profit = ((await row.getByRole('cell').nth(profitColumn).textContent()) ?? '').trim();
  expect(profit).toMatch(/^\$\d+\.\d{2}$/);
  await creator.goto('/#/revenue');
  // The ledger's sale entry (the order is also listed among the sales still in their hold).
  await expect(
    creator.getByRole('row').filter({ hasText: orderNo }).filter({ hasText: 'Sale' }),
  ).toContainText(profit);
  await creator.close();
});
