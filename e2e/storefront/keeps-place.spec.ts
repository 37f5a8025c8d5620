import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { text } from '../locales';
import { accessibilityViolations } from '../support/axe';
import { demoProduct } from '../support/buyer';
import { PHONE } from '../support/phone';
import { expectNoSidewaysScroll } from '../support/themes';

const sf = (key: string) => text('en', `storefront:${key}`);

test.use({
  ...PHONE,
  viewport: { width: 360, height: 640 },
  // axe-core is injected as a script, which the storefront's Content Security Policy forbids.
  bypassCSP: true,
});

/** A colour word of the demo catalogue's titles that more than one page (24) of products match. */
async function searchWithTwoPages(request: APIRequestContext): Promise<{ keywords: string; total: number }> {
  for (const keywords of ['Ocean', 'Forest', 'Sand', 'Coral', 'Ivory', 'Sky', 'Plum', 'Sage']) {
    const answer = await request.get(
      `/api/v1/public/shops/demo/products?pageSize=24&pageNum=1&keywords=${keywords}`,
    );
    const { total } = ((await answer.json()) as { data: { total: number } }).data;
    if (total > 24 && total <= 48) return { keywords, total };
  }
  throw new Error('no colour of the demo shop fills between one and two pages');
}

// Strings: the e2e project has no DOM types.
const productHrefs = (page: Page) =>
  page.evaluate<string[]>(
    `[...document.querySelectorAll('main .sf-grid a[href*="/p/"]')].map((a) => a.getAttribute('href'))`,
  );
const scrollY = (page: Page) => page.evaluate<number>('Math.round(window.scrollY)');

test('a buyer on a phone searches, shows more, opens a product and comes back to the same list at the same place', async ({
  page,
  request,
}) => {
  const { keywords, total } = await searchWithTwoPages(request);
  await page.goto('/s/demo?lang=en');
  await expect(page.getByRole('main').locator('a[href*="/p/"]').first()).toBeVisible();

  // A category first: the search then covers the whole shop again.
  await page
    .getByRole('navigation', { name: sf('shop.categories') })
    .getByRole('button')
    .nth(1)
    .tap();
  await expect(page).toHaveURL(/[?&]c=\d+/);
  await page.getByRole('searchbox', { name: sf('shop.searchLabel') }).fill(keywords);
  await page.getByRole('button', { name: sf('shop.search'), exact: true }).tap();
  const found = sf('shop.found_other').replace('{{count}}', String(total));
  await expect(page.getByRole('status').filter({ hasText: found })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${keywords}(&|$)`));
  await expect(page).not.toHaveURL(/[?&]c=/);
  await expect(page.getByRole('main').locator('.sf-grid > li')).toHaveCount(24);
  expect(await accessibilityViolations(page), 'the shop page with a search').toEqual([]);

  // The second page, then a product from it, well down the page.
  await page.getByRole('button', { name: sf('shop.loadMore') }).tap();
  await expect(page.getByRole('main').locator('.sf-grid > li')).toHaveCount(total);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByRole('button', { name: sf('shop.loadMore') })).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'the shop page with two pages of results');
  const listed = await productHrefs(page);
  const product = page.getByRole('main').locator('.sf-grid > li').nth(26).getByRole('link');
  await product.scrollIntoViewIfNeeded();
  const leftAt = await scrollY(page);
  expect(leftAt, 'the product is on the second page, below the first screen').toBeGreaterThan(640);
  const listUrl = page.url();
  await product.tap();
  await expect(page.getByRole('button', { name: sf('product.addToCart') })).toBeVisible();
  await expect(page).toHaveURL(/\/s\/demo\/p\/\d+/);
  await expectNoSidewaysScroll(page, 'the product page');

  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByRole('searchbox', { name: sf('shop.searchLabel') })).toHaveValue(keywords);
  await expect(page.getByRole('status').filter({ hasText: found })).toBeVisible();
  expect(await productHrefs(page)).toEqual(listed);
  await expect.poll(() => scrollY(page)).toBe(leftAt);
  await expectNoSidewaysScroll(page, 'the shop page after Back');

  // A reload (or the link shared) shows the same list too, fetched again.
  await page.reload();
  await expect(page.getByRole('main').locator('.sf-grid > li')).toHaveCount(total);
  expect(await productHrefs(page)).toEqual(listed);
  await expect.poll(() => scrollY(page)).toBe(leftAt);
});

/** A tap target at least 44 px tall. */
async function expectTall(target: Locator, what: string): Promise<void> {
  const box = await target.boundingBox();
  expect(box?.height ?? 0, `${what} is ${box?.height ?? 0} px tall`).toBeGreaterThanOrEqual(44);
}

test('a buyer adds a product on a phone: told where they are looking, with the way to the cart; the cart and checkout text links are easy to tap', async ({
  page,
  request,
}) => {
  const product = await demoProduct(request);
  await page.goto(`/s/demo/p/${product.id}?lang=en`);
  // Well down the product page, as a buyer who read the description first.
  await page.mouse.wheel(0, 400);
  await page.getByRole('button', { name: sf('product.addToCart') }).tap();

  const toast = page.locator('.sf-toast');
  await expect(toast).toContainText(sf('product.added'));
  const box = await toast.boundingBox();
  expect(box, 'the message is on the screen').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(640);
  const viewCart = toast.getByRole('link', { name: sf('product.viewCart') });
  await expectTall(viewCart, '"View cart"');
  await expectTall(toast.getByRole('button', { name: sf('common.close') }), "the message's Close");
  expect(await accessibilityViolations(page), 'the product page with its message').toEqual([]);

  await viewCart.tap();
  await expect(page.getByRole('heading', { level: 1, name: sf('cart.heading') })).toBeVisible();
  await expectTall(page.getByRole('link', { name: sf('common.continueShopping') }), '"Continue shopping"');
  await page.getByRole('link', { name: sf('checkout.title'), exact: true }).tap();
  await expect(page.getByRole('button', { name: sf('checkout.pay') })).toBeVisible();
  await expectTall(page.getByRole('link', { name: sf('checkout.editCart') }), '"Edit cart"');
  await expectNoSidewaysScroll(page, 'the checkout');
});
