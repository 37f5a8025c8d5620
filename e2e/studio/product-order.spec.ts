import { expect, test, type Page } from '@playwright/test';
import { text } from '../locales';
import { signInAsDemo } from '../support/studio';

const t = (key: string, name = '') => text('en', key).replaceAll('{{name}}', name);
const PRODUCT_HANDLE = /^Move product /;

/** The products of the open subcategory, in the order their drag handles show. */
async function productOrder(page: Page): Promise<string[]> {
  const handles = page.getByRole('button', { name: PRODUCT_HANDLE });
  await expect(handles.first()).toBeVisible();
  const labels = await Promise.all((await handles.all()).map((handle) => handle.getAttribute('aria-label')));
  return labels.map((label) => (label ?? '').replace(PRODUCT_HANDLE, ''));
}

test('the demo creator reorders a subcategory with the keyboard and hides a product; both survive a reload', async ({
  page,
}) => {
  await signInAsDemo(page);
  await page.getByRole('menuitem', { name: t('studio:nav.product') }).click();

  // A subcategory lists all its products with drag handles, in the shop's order.
  const subcategory = page.getByRole('button', { name: /^Hoodies/ });
  await subcategory.click();
  await expect(subcategory).toHaveAttribute('aria-current', 'true');
  const before = await productOrder(page);
  expect(before.length).toBeGreaterThan(2);

  // Keyboard drag: pick up the first product, move it one place down, drop it.
  // The save's final answer: an access token that expired on the way (10 s in the journeys) is
  // refused with 401 first, and the app renews it and sends the same PUT again.
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/v1/shop/products/order') && r.request().method() === 'PUT' && r.status() !== 401,
  );
  const [first = '', second = ''] = before;
  const firstHandle = page.getByRole('button', { name: t('studio:product.drag.product', first) });
  await firstHandle.focus();
  // Each step waits for dnd-kit's screen-reader announcement, as a keyboard user would hear it.
  const announce = (key: string, over = '') =>
    page.getByText(text('en', key).replace('{{name}}', first).replace('{{over}}', over), { exact: true });
  await page.keyboard.press('Space');
  // Picked up: dnd-kit at once announces the item over its own place.
  await expect(announce('studio:product.drag.over', first)).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(announce('studio:product.drag.over', second)).toBeAttached();
  await page.keyboard.press('Space');
  expect((await saved).ok()).toBe(true);
  const moved = [second, first, ...before.slice(2)];
  expect(await productOrder(page)).toEqual(moved);

  // Hide the (now) third product from the shop.
  const third = moved[2] ?? '';
  const visibility = page.getByRole('switch', { name: t('studio:product.visibility.switch', third) });
  // A retry meets the database the failed attempt left: show the product again if it hid it.
  if (!(await visibility.isChecked())) {
    await visibility.click();
    await expect(visibility).toBeChecked();
  }
  await visibility.click();
  await expect(visibility).not.toBeChecked();

  await page.reload();
  await expect(page.getByRole('button', { name: /^Hoodies/ })).toHaveAttribute('aria-current', 'true');
  expect(await productOrder(page)).toEqual(moved);
  await expect(
    page.getByRole('switch', { name: t('studio:product.visibility.switch', third) }),
  ).not.toBeChecked();
});
