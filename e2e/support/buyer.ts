import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { text } from '../locales';

interface Envelope<T> {
  code: string;
  data: T;
}

/** A product of the demo shop that is in stock, from its first page. */
export async function demoProduct(request: APIRequestContext): Promise<{ id: string; title: string }> {
  const answer = await request.get('/api/v1/public/shops/demo/products?pageSize=24&pageNum=1');
  const page = (
    (await answer.json()) as Envelope<{ list: { id: string; title: string; inStock: boolean }[] }>
  ).data;
  const product = page.list.find((p) => p.inStock);
  if (!product) throw new Error('the demo shop has no product in stock');
  return product;
}

/**
 * A buyer's order in the demo shop, placed through the public API and left unpaid (what its
 * creator may pay: journeys earlier in the run pay the seed's unpaid orders).
 */
export async function placeUnpaidOrder(
  request: APIRequestContext,
  email: string,
  productId: string,
): Promise<string> {
  const placed = await request.post('/api/v1/public/checkout', {
    data: {
      shop: 'demo',
      email,
      language: 'en',
      address: {
        name: 'Una Paid',
        line1: '1 Main St',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        countryCode: 'US',
      },
      items: [{ productId, quantity: 1 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  return ((await placed.json()) as Envelope<{ orderNo: string }>).data.orderNo;
}

/**
 * A buyer's paid order in the demo shop, placed and paid through the public API with the sandbox
 * (the buyer's own journey through the pages is `storefront/buyer-checkout.spec.ts`).
 */
export async function placePaidOrder(
  request: APIRequestContext,
  buyer: { email: string; language: string },
  productId: string,
  quantity: number,
): Promise<{ orderNo: string; totalMinor: number }> {
  const placed = await request.post('/api/v1/public/checkout', {
    data: {
      shop: 'demo',
      email: buyer.email,
      language: buyer.language,
      address: {
        name: 'Ana Prueba',
        line1: 'Calle Mayor 1',
        city: 'Madrid',
        postalCode: '28013',
        countryCode: 'ES',
      },
      items: [{ productId, quantity }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = (
    (await placed.json()) as Envelope<{ orderNo: string; totalMinor: number; approveUrl: string }>
  ).data;
  const token = new URL(order.approveUrl, 'http://x').searchParams.get('token') ?? '';
  const approved = await request.post(`/api/v1/public/sandbox/orders/${encodeURIComponent(token)}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  const captured = await request.post('/api/v1/public/checkout/capture', {
    data: { orderNo: order.orderNo, token },
  });
  expect(captured.status(), await captured.text()).toBe(200);
  expect(((await captured.json()) as Envelope<{ status: number }>).data.status).toBe(1);
  return { orderNo: order.orderNo, totalMinor: order.totalMinor };
}

/**
 * From the checkout page, in English: fills the contact and address, pays through the offline
 * sandbox's approval page and waits for `/payresult` to say the payment went through; answers the
 * order number it shows.
 */
export async function checkOutInSandbox(page: Page, buyer: { email: string; name: string }): Promise<string> {
  const sf = (key: string) => text('en', `storefront:${key}`);
  await page.getByLabel(sf('checkout.fields.email')).fill(buyer.email);
  await page.getByLabel(sf('checkout.fields.name')).fill(buyer.name);
  await page.getByLabel(sf('checkout.fields.line1'), { exact: true }).fill('1 Market Street');
  await page.getByLabel(sf('checkout.fields.city')).fill('Springfield');
  await page.getByLabel(sf('checkout.fields.postalCode')).fill('12345');
  await chooseStateIfAsked(page);
  await page.getByRole('button', { name: sf('checkout.pay') }).click();
  // The offline sandbox's approval page, then back to /payresult where the payment is captured.
  await expect(page).toHaveURL(/\/payauth\?token=/);
  await page.getByRole('button', { name: sf('payauth.approve') }).click();
  await expect(page).toHaveURL(/\/payresult\?/);
  await expect(page.getByText(sf('payresult.success'))).toBeVisible();
  const orderNo = /LS\d{6}-[A-Z0-9]{8}/.exec((await page.getByRole('main').textContent()) ?? '')?.[0] ?? '';
  expect(orderNo).not.toBe('');
  return orderNo;
}

/**
 * Where taxes differ by state (the US: the journeys' browser language makes it the checkout's
 * country), the address names one from the list: Illinois here.
 */
export async function chooseStateIfAsked(page: Page): Promise<void> {
  const states = page.locator('select#sf-region');
  if ((await states.count()) > 0) await states.selectOption('IL');
}
