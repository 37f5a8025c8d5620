import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { accessibilityViolations } from '../support/axe';
import { PHONE, expectTapTargets } from '../support/phone';
import { E2E_SEED_PASSWORD } from '../support/ports';
import { expectNoSidewaysScroll } from '../support/themes';
import { checkOutInSandbox } from '../support/buyer';
import { signInToConsole } from '../support/console';
import { english, signInAsDemo } from '../support/studio';

/*
 * Variants end to end (decision 0055): an operator gives a hoodie sizes and colours and its
 * category a size guide (through the console's API); a buyer on a phone reads the guide, picks
 * "L / Black", sees a sold-out size refused, buys it and "M / Grey", the creator sees both lines
 * with their variants, and an operator refunds the grey one by its line, its unit back in stock,
 * then ships the black one (the ship dialog lists only it as still to pack).
 */

const sf = (key: string, values?: Record<string, string | number>) => english(`storefront:${key}`, values);

interface Envelope<T> {
  data: T;
}

async function operatorHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'admin', password: E2E_SEED_PASSWORD },
  });
  const token = ((await login.json()) as Envelope<{ accessToken: string }>).data.accessToken;
  return { authorization: `Bearer ${token}` };
}

async function ok<T>(answer: Promise<APIResponse>): Promise<T> {
  const res = await answer;
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as Envelope<T>).data;
}

test.use({
  ...PHONE,
  // axe-core is injected as a script, which the storefront's Content Security Policy forbids.
  bypassCSP: true,
});

test('a buyer on a phone reads the size guide, picks a size and a colour, buys two variants; the creator sees both, an operator refunds one by its line and ships the other', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await operatorHeaders(request);
  const stamp = Date.now();
  const title = `Trail hoodie ${stamp}`;

  // A subcategory the demo shop sells, its size guide, and the hoodie in it.
  const shopPage = await ok<{ categories: { children: { id: string }[] }[] }>(
    request.get('/api/v1/public/shops/demo/page'),
  );
  const categoryId = shopPage.categories[0]?.children[0]?.id ?? '';
  await ok(
    request.put(`/api/v1/catalog/categories/${categoryId}/size-guide`, {
      headers,
      data: {
        columns: [{ name: 'Chest' }, { name: 'Length' }],
        rows: [
          { size: 'S', values: [960, 680] },
          { size: 'M', values: [1020, 700] },
          { size: 'L', values: [1080, 720] },
        ],
      },
    }),
  );
  const product = await ok<{ id: string }>(
    request.post('/api/v1/catalog/products', {
      headers,
      data: { categoryId, title, platformPriceMinor: 1800, stock: 0 },
    }),
  );
  const sku = (rest: string) => `E2E${stamp}-${rest}`;
  await ok(
    request.put(`/api/v1/catalog/products/${product.id}/variants`, {
      headers,
      data: {
        options: [
          { name: 'Size', values: [{ value: 'S' }, { value: 'M' }, { value: 'L' }] },
          { name: 'Colour', values: [{ value: 'Black' }, { value: 'Grey' }] },
        ],
        variants: [
          { values: ['S', 'Black'], sku: sku('S-BLK'), platformPriceMinor: 1800, stock: 0 },
          { values: ['M', 'Black'], sku: sku('M-BLK'), platformPriceMinor: 1800, stock: 5 },
          { values: ['M', 'Grey'], sku: sku('M-GRY'), platformPriceMinor: 1800, stock: 5 },
          { values: ['L', 'Black'], sku: sku('L-BLK'), platformPriceMinor: 2000, stock: 5 },
        ],
      },
    }),
  );

  try {
    // The buyer opens the hoodie: the first size in stock is chosen, its price shown.
    await page.goto(`/s/demo/p/${product.id}?lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const price = page.locator('.sf-price-large');
    const priceOf = async () => (await price.textContent())?.trim() ?? '';
    await expect(page.getByRole('group', { name: 'Size: M' })).toBeVisible();
    const mediumPrice = await priceOf();

    // The size guide, in centimetres or inches, closed with Escape.
    await page.getByRole('button', { name: sf('sizeGuide.open') }).click();
    const guide = page.getByRole('dialog', { name: sf('sizeGuide.title') });
    await expect(guide.getByRole('table')).toContainText('Chest');
    await guide.getByRole('radio', { name: /cm|Centimetres/ }).check();
    await expect(guide.getByRole('table')).toContainText('102');
    await page.keyboard.press('Escape');
    await expect(guide).toBeHidden();

    // S is sold out in black: crossed out and refused. L costs more, so it sells for more.
    await expect(page.getByRole('radio', { name: `Size: S (${sf('variant.soldOut')})` })).toBeDisabled();
    await page.getByRole('radio', { name: 'Size: L' }).click();
    await expect(page.getByRole('group', { name: 'Size: L' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Colour: Black' })).toBeVisible();
    await expect(page).toHaveURL(/\?(.*&)?variant=\d+/);
    await expect.poll(priceOf).not.toBe(mediumPrice);
    await expectNoSidewaysScroll(page, 'the product page with its pickers');
    await expectTapTargets(page, 'the pickers', '.sf-options');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const serious = (await accessibilityViolations(page)).filter((v) => /\((serious|critical)\)/.test(v));
      expect(serious, `the product page, ${scheme} theme`).toEqual([]);
    }
    await page.getByRole('button', { name: sf('product.addToCart') }).click();
    await expect(page.getByText(sf('product.added'))).toBeVisible();

    // A shared link keeps the choice: M / Grey, added too.
    await page.getByRole('radio', { name: 'Size: M' }).click();
    await page.getByRole('radio', { name: 'Colour: Grey' }).click();
    await expect(page.getByRole('group', { name: 'Colour: Grey' })).toBeVisible();
    const greyLink = page.url();
    await page.goto(greyLink);
    await expect(page.getByRole('group', { name: 'Colour: Grey' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Size: M' })).toBeVisible();
    await page.getByRole('button', { name: sf('product.addToCart') }).click();

    // The cart has a line per variant; checkout through the sandbox.
    await page.goto('/s/demo/cart?lang=en');
    await expect(page.getByLabel(sf('cart.quantityOf', { title: `${title} — L / Black` }))).toHaveValue('1');
    await expect(page.getByLabel(sf('cart.quantityOf', { title: `${title} — M / Grey` }))).toHaveValue('1');
    await page.getByRole('link', { name: sf('checkout.title') }).click();
    const email = `variants-${stamp}@example.com`;
    const orderNo = await checkOutInSandbox(page, {
      email,
      name: 'Vera Variant',
    });
    // The receipt names each line's variant.
    await expect(page.getByRole('main')).toContainText('L / Black');
    await expect(page.getByRole('main')).toContainText('M / Grey');

    // The creator sees both lines with their variants.
    const creator = await browser.newPage({
      viewport: { width: 1280, height: 800 },
      isMobile: false,
      hasTouch: false,
    });
    await signInAsDemo(creator);
    await creator.goto(`/#/order?keywords=${encodeURIComponent(title)}`);
    await creator.getByRole('button', { name: english('orders:orders.open', { orderNo }) }).click();
    const drawer = creator.getByRole('dialog');
    await expect(drawer).toContainText(`${title} — L / Black`);
    await expect(drawer).toContainText(`${title} — M / Grey`);
    await creator.close();

    // The grey one did not fit: an operator refunds its line, the unit back in stock. The amount
    // is what the buyer paid for that line, computed by the server.
    const operator = await browser.newPage({
      viewport: { width: 1280, height: 800 },
      isMobile: false,
      hasTouch: false,
    });
    await signInToConsole(operator);
    await operator.goto('/#/commerce/orders');
    await operator.getByLabel(english('orders:console.buyerEmail'), { exact: true }).fill(email);
    await operator.getByRole('button', { name: english('system:crud.search.submit'), exact: true }).click();
    await operator
      .getByRole('row')
      .filter({ hasText: orderNo })
      .getByRole('button', { name: `${english('orders:console.detail')} ${orderNo}` })
      .click();
    const detail = operator.getByRole('dialog', { name: english('orders:orders.detail.title', { orderNo }) });
    await detail.getByRole('button', { name: english('orders:console.refund.button'), exact: true }).click();
    const refund = operator.getByRole('dialog', {
      name: english('orders:console.refund.title', { orderNo }),
    });
    await refund.getByRole('checkbox', { name: new RegExp(`${title} — M / Grey`) }).check();
    await refund.getByRole('checkbox', { name: english('orders:console.refund.restock') }).check();
    await refund.getByLabel(english('orders:console.refund.reason'), { exact: true }).fill('Did not fit');
    await refund.getByRole('button', { name: english('orders:console.refund.submit'), exact: true }).click();
    await expect(refund).toBeHidden();
    const refunds = detail.getByRole('region', { name: english('orders:console.refunds') });
    await expect(refunds).toContainText(english('orders:console.refundStatus.completed'));
    const answer = await ok<{ refunds: { lines: { sku: string; quantity: number }[] }[] }>(
      request.get(`/api/v1/system/orders/${orderNo}`, { headers: await operatorHeaders(request) }),
    );
    expect(answer.refunds.map((r) => r.lines)).toEqual([
      [expect.objectContaining({ sku: sku('M-GRY'), quantity: 1 })],
    ]);
    const grid = await ok<{ variants: { sku: string; stock: number }[] }>(
      request.get(`/api/v1/catalog/products/${product.id}/variants`, {
        headers: await operatorHeaders(request),
      }),
    );
    expect(grid.variants.find((v) => v.sku === sku('M-GRY'))?.stock, 'the grey M is back in stock').toBe(5);
    expect(grid.variants.find((v) => v.sku === sku('L-BLK'))?.stock, 'the black L stays sold').toBe(4);

    // Then ships the other: the ship dialog lists only the black L still to pack.
    await operator.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    const row = operator.getByRole('row').filter({ hasText: orderNo });
    await row.getByRole('button', { name: english('orders:console.shipLabel', { orderNo }) }).click();
    const ship = operator.getByRole('dialog', { name: english('orders:console.shipTitle', { orderNo }) });
    const toPack = ship.getByRole('region', { name: english('orders:console.toPack') });
    await expect(toPack.getByRole('listitem')).toHaveText([`1 × ${title} — L / Black [${sku('L-BLK')}]`]);
    await ship.getByRole('combobox', { name: english('orders:console.carrier') }).click();
    await operator
      .locator('.ant-select-item-option')
      .filter({ hasText: english('orders:carrier.dhl') })
      .click();
    await ship.getByLabel(english('orders:console.trackingNo'), { exact: true }).fill('JJD000390007821456');
    await ship.getByRole('button', { name: english('orders:console.ship'), exact: true }).click();
    await expect(operator.getByText(english('orders:console.shippedOne', { orderNo }))).toBeVisible();
    await expect(row).toContainText(english('orders:status.2'));
    await operator.close();
  } finally {
    // Out of the demo shop again, so later journeys meet the catalogue they expect. Signed in
    // afresh: the journeys' access tokens last 10 s, less than this journey.
    const again = await operatorHeaders(request);
    await ok(request.patch(`/api/v1/catalog/products/${product.id}/status?status=0`, { headers: again }));
    await ok(request.delete(`/api/v1/catalog/categories/${categoryId}/size-guide`, { headers: again }));
  }
});
