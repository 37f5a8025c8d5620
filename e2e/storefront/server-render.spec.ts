import { expect, test, type Page } from '@playwright/test';
import { text } from '../locales';
import { demoProduct } from '../support/buyer';
import { PHONE } from '../support/phone';

const sf = (key: string) => text('en', `storefront:${key}`);

test.use({ ...PHONE, viewport: { width: 360, height: 640 } });

/** Console errors and uncaught errors of a page (a hydration mismatch is reported as either). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The layout shifts of the page so far (CLS without the session windows: their plain sum). */
const layoutShift = (page: Page) =>
  page.evaluate<number>(
    `new Promise((resolve) => {
      let sum = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) sum += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      setTimeout(() => resolve(sum), 500);
    })`,
  );

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the shop page and a product page show what the server rendered', async ({ page, request }) => {
    const product = await demoProduct(request);
    await page.goto('/s/demo?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cards = page.getByRole('main').locator('.sf-grid > li');
    await expect(cards).toHaveCount(24);
    await expect(page.getByRole('main').getByRole('link', { name: product.title })).toBeVisible();
    await expect(page.getByRole('link', { name: sf('cart.title') })).toBeVisible();

    // A product card is a plain link: it works before (or without) the script.
    await page.getByRole('main').getByRole('link', { name: product.title }).tap();
    await expect(page).toHaveURL(new RegExp(`/s/demo/p/${product.id}`));
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(page.getByRole('button', { name: sf('product.addToCart') })).toBeVisible();
  });

  test('the page is rendered in the language asked for', async ({ page }) => {
    await page.goto('/s/demo?lang=fr');
    await expect(page.getByRole('link', { name: text('fr', 'storefront:cart.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });
});

test('the browser takes the server’s page over: no hydration error, no layout shift, and it works', async ({
  page,
  request,
}) => {
  const errors = collectErrors(page);
  const html = await (await request.get('/s/demo?lang=en')).text();
  const product = await demoProduct(request);
  expect(html, 'the products are in the HTML itself').toContain(`/s/demo/p/${product.id}`);
  // The Content Security Policy allows no inline script: only files and the JSON boot data.
  expect(html).not.toMatch(/<script(?![^>]*(?:\bsrc=|type="application\/json"))/);

  await page.goto('/s/demo?lang=en');
  const cards = page.getByRole('main').locator('.sf-grid > li');
  await expect(cards).toHaveCount(24);
  // Interactive: a category narrows the list in place (the app's code, not a page load).
  await page
    .getByRole('navigation', { name: sf('shop.categories') })
    .getByRole('button')
    .nth(1)
    .tap();
  await expect(page).toHaveURL(/[?&]c=\d+/);
  expect(await layoutShift(page)).toBe(0);

  // A product page, loaded directly, hydrates its lazily loaded page too.
  await page.goto(`/s/demo/p/${product.id}?lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByRole('button', { name: sf('product.addToCart') }).tap();
  await expect(page.getByText(sf('product.added'))).toBeVisible();
  expect(await layoutShift(page)).toBeLessThan(0.01);
  expect(errors).toEqual([]);
});
