import { expect, test } from '@playwright/test';
import { demoProduct, placePaidOrder } from '../support/buyer';
import { english, signInAsDemo } from '../support/studio';

/**
 * Issue 19: a buyer's purchase shows live in the creator's open studio — the server tells the
 * creator's socket (STOMP over `/ws`) when the payment commits; no reload.
 */
test('a purchase paid in the demo shop shows as a live notification in the open studio', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The studio opens its socket once the user is known and subscribes to the creator's order news.
  const socket = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/ws');
  await signInAsDemo(page);
  const ws = await socket;
  await ws.waitForEvent('framesent', {
    predicate: (frame) =>
      String(frame.payload).startsWith('SUBSCRIBE') && String(frame.payload).includes('/user/queue/orders'),
    timeout: 15_000,
  });
  const product = await demoProduct(request);
  const { orderNo } = await placePaidOrder(
    request,
    { email: `live-${Date.now()}@example.com`, language: 'en' },
    product.id,
    1,
  );
  const notice = page
    .locator('.ant-notification-notice')
    .filter({ hasText: english('orders:live.orderPaid') });
  await expect(notice).toBeVisible({ timeout: 10_000 });
  await expect(notice).toContainText(orderNo);
  // Escape closes it (SPEC §9).
  await page.keyboard.press('Escape');
  await expect(notice).toBeHidden();
});
