import { expect, test, type Locator, type Page } from '@playwright/test';
import { text } from '../locales';
import { demoProduct, placeUnpaidOrder } from '../support/buyer';
import { readCode } from '../support/mailbox';
import { expectNoWrappedButtons, expectTapTargets, PHONE } from '../support/phone';
import { english as t, cents, dollars, expectStudioHome, signInAsDemo } from '../support/studio';
import { expectAccessible, expectNoSidewaysScroll, followSystemTheme } from '../support/themes';

/**
 * Issue 17, the studio on a phone: at 360 × 640 with touch a creator signs in, hides a product
 * from its card, gives a product its own price and saves, finds an order and its profit, and
 * reads the earnings. Every page fits the screen and every tap target is 44 px or more.
 * Issue 30, a creator's first hour: a taken link is said while typing, the quick start is completed
 * by keeping the suggested prices, and in all five languages no button label wraps, the whole shop
 * link shows and the pay dialog's amounts stay on one line.
 */
// axe-core is injected as a script, which a Content Security Policy may forbid.
test.use({ ...PHONE, viewport: { width: 360, height: 640 }, bypassCSP: true });

/** No sideways scroll and nothing too small to tap, once what the page loads has arrived. */
async function expectFits(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  await expectNoSidewaysScroll(page, what);
  await expectTapTargets(page, what);
}

const bottomNav = (page: Page) => page.getByRole('navigation', { name: t('studio:nav.menu') });
const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

async function goTo(page: Page, item: string, title: string): Promise<void> {
  await bottomNav(page).getByRole('link', { name: item, exact: true }).tap();
  await expect(heading(page)).toHaveText(title);
  await expect(bottomNav(page).getByRole('link', { name: item, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
}

// The e2e project has no DOM types: what runs in the page names the little it uses.
interface TStyle {
  font: string;
  fontSize: string;
  paddingLeft: string;
  paddingRight: string;
}
interface TPageWindow {
  getComputedStyle(element: unknown): TStyle;
  document: {
    createElement(name: 'canvas'): {
      getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } };
    };
  };
}
/** Runs in the page (passed whole to `evaluate`, so it may use nothing from this file). */
const fontSizeOf = (element: unknown) =>
  (globalThis as unknown as TPageWindow).getComputedStyle(element).fontSize;
/** The placeholder's width in the input's font, and the room inside the input's padding (in the page). */
const placeholderRoom = (element: unknown) => {
  const page = globalThis as unknown as TPageWindow;
  const input = element as { clientWidth: number; placeholder: string };
  const style = page.getComputedStyle(input);
  const context = page.document.createElement('canvas').getContext('2d');
  context.font = style.font;
  return {
    text: context.measureText(input.placeholder).width,
    inside: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
  };
};

const LANGUAGES = ['en', 'es', 'pt', 'zh-cn', 'fr'] as const;
const PASSWORD = 'Sunny-days-2026';

/** A new creator signs up (the code from the outbox) and lands on the studio's home. */
async function register(page: Page, email: string): Promise<void> {
  await page.goto('/#/register?lang=en');
  await page.getByLabel(t('studio:auth.register.email'), { exact: true }).fill(email);
  await page.getByLabel(t('studio:auth.register.password'), { exact: true }).fill(PASSWORD);
  await page.getByLabel(t('studio:auth.register.confirmPassword'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('studio:auth.code.get') }).tap();
  await page.getByLabel(t('studio:auth.code.label'), { exact: true }).fill(await readCode(email));
  await page.getByRole('button', { name: t('studio:auth.register.submit'), exact: true }).tap();
  await expectStudioHome(page);
}

/** Opens `path` in `lang` (the address's `lang` is read when the app starts). */
async function openIn(page: Page, path: string, lang: string): Promise<void> {
  await page.goto(`/#${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  await page.reload();
}

/** The shop link bar shows the whole link, its slug included, nothing cut. */
async function expectWholeShopLink(page: Page, slug: string, lang: string): Promise<void> {
  const link = page
    .getByRole('region', { name: text(lang, 'studio:layout.linkArea') })
    .getByRole('link', { name: new RegExp(`/s/${slug}$`) });
  await expect(link).toBeVisible();
  const cut = await link.evaluate(
    (element) =>
      (element as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth >
      (element as unknown as { clientWidth: number }).clientWidth + 1,
  );
  expect(cut, `${lang}: the shop link is cut`).toBe(false);
}

/** The card of a product or order: the list item holding `inner`. */
const cardOf = (inner: Locator) => inner.locator('xpath=ancestor::li[1]');

test('a creator on a phone hides a product, prices one, finds an order and its profit, and reads the earnings', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await followSystemTheme(page);
  await signInAsDemo(page);
  await expect(heading(page)).toHaveText(t('studio:home.dashboard.heading'));
  await expectFits(page, 'home');

  // The compact top bar: one button opens the sheet with the settings and log out.
  await page.getByRole('button', { name: t('common:topBar.sheet.open') }).tap();
  const sheet = page.getByRole('dialog', { name: t('common:topBar.sheet.title') });
  await expect(sheet.getByRole('button', { name: t('common:session.logout.action') })).toBeVisible();
  await expect(sheet.getByRole('button', { name: /^Language: / })).toBeVisible();
  await expect(sheet.getByRole('switch', { name: t('common:topBar.sheet.dark') })).toBeVisible();
  await expectFits(page, 'settings sheet');
  await expectAccessible(page, 'settings sheet');
  await sheet.getByRole('button', { name: t('common:topBar.sheet.close') }).tap();
  await expect(sheet).toBeHidden();

  // Discount codes have no room on the bottom bar: the sheet leads there. A new code, on cards.
  await page.getByRole('button', { name: t('common:topBar.sheet.open') }).tap();
  await sheet.getByRole('link', { name: t('studio:nav.discounts') }).tap();
  await expect(heading(page)).toHaveText(t('discounts:title'));
  await expect(sheet).toBeHidden();
  await expectFits(page, 'discount codes');
  await page
    .getByRole('button', { name: t('discounts:new') })
    .first()
    .tap();
  const drawer = page.getByRole('dialog', { name: t('discounts:form.newTitle') });
  await expectFits(page, 'new discount code');
  const code = `PHONE${Date.now().toString(36).toUpperCase()}`;
  await drawer.getByLabel(t('discounts:form.code'), { exact: true }).fill(code);
  await drawer.getByLabel(t('discounts:form.percentValue')).fill('10');
  await drawer.getByRole('button', { name: t('discounts:form.create') }).tap();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('main').getByText(code, { exact: true })).toBeVisible();
  await expectFits(page, 'discount codes with one');

  await goTo(page, t('studio:nav.shop'), t('studio:shop.heading'));
  await expectFits(page, 'my shop');

  // Products: cards, the category picker above them, and the "In shop" switch on each card.
  await goTo(page, t('studio:nav.product'), t('studio:product.heading'));
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: t('studio:product.category.label') })).toBeVisible();
  const cards = page.getByRole('list', { name: t('studio:product.tabs.products') });
  const shown = cards.getByRole('switch', { checked: true }).first();
  const label = (await shown.getAttribute('aria-label')) ?? '';
  expect(label).not.toBe('');
  await expectFits(page, 'products');
  await shown.tap();
  const hidden = page.getByRole('switch', { name: label, exact: true });
  await expect(hidden).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: label, exact: true })).not.toBeChecked();

  // Prices: a subcategory's products one under another, each with its price input in reach.
  await page.getByRole('link', { name: t('studio:product.adjustPrices') }).tap();
  await expect(heading(page)).toHaveText(t('studio:pricing.heading'));
  await expectFits(page, 'prices');
  await page.getByRole('tab', { name: t('studio:pricing.tabs.subcategories'), exact: true }).tap();
  const override = page.getByLabel(/^Selling price of /).first();
  await expect(override).toBeVisible();
  await expectFits(page, 'subcategory prices');
  const row = cardOf(override);
  const cost = cents(
    await row
      .locator('div', { has: page.getByText(t('studio:pricing.product.cost'), { exact: true }) })
      .locator('dd')
      .innerText(),
  );
  // A profit other than the one saved now (a retry meets the price the failed attempt saved, and
  // the same price again would be no change to save).
  const typed = (priceMinor: number) => dollars(priceMinor).slice(1).replaceAll(',', '');
  const markup = (await override.inputValue()) === typed(cost + 500) ? 600 : 500;
  await override.tap();
  await override.fill(typed(cost + markup));
  const figure = (key: string) =>
    row
      .locator('div', { has: page.getByText(t(`studio:pricing.product.${key}`), { exact: true }) })
      .locator('dd');
  await expect(figure('selling')).toHaveText(dollars(cost + markup));
  await expect(figure('profit')).toHaveText(dollars(markup));
  await page.getByRole('button', { name: t('studio:pricing.draft.save') }).tap();
  await expect(page.getByText(t('studio:pricing.draft.saved'))).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Selling price of /).first()).toHaveValue(typed(cost + markup));

  // Orders: a card per order with its profit; its number opens the detail with the same profit.
  await goTo(page, t('orders:nav.orders'), t('orders:orders.heading'));
  await expect(page.getByRole('table')).toHaveCount(0);
  const orders = page.getByRole('list', { name: t('orders:orders.heading') });
  await expect(orders.getByRole('button', { name: /^Open order no\. / }).first()).toBeVisible();
  await expectFits(page, 'orders');
  // A buyer's order without refunds (earlier journeys leave refunded and self-paid ones on top,
  // whose profit reads "… after refunds" or "Paid by you: …").
  const profitOf = (card: Locator) =>
    card
      .locator('div', { has: page.getByText(t('orders:orders.field.profit'), { exact: true }) })
      .locator('dd');
  const plainProfit = page
    .locator('div', { has: page.getByText(t('orders:orders.field.profit'), { exact: true }) })
    .locator('dd')
    .filter({ hasText: /^\$[\d,]+\.\d{2}$/ });
  const orderCard = orders.getByRole('listitem').filter({ has: plainProfit }).first();
  const open = orderCard.getByRole('button', { name: /^Open order no\. / });
  const profit = await profitOf(orderCard).innerText();
  expect(profit).toMatch(/^\$[\d,]+\.\d{2}$/);
  await open.tap();
  const detail = page.getByRole('dialog');
  // Paid: what it earned (the ledger's); unpaid: what it earns once its buyer pays.
  await expect(
    detail
      .getByText(t('orders:orders.detail.earned'), { exact: true })
      .or(detail.getByText(t('orders:orders.detail.profit'), { exact: true })),
  ).toBeVisible();
  await expect(detail).toContainText(profit);
  await expectFits(page, 'order detail');
  await expectAccessible(page, 'order detail on a phone');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // Earnings: the figures and the chart, full width.
  await goTo(page, t('orders:nav.earnings'), t('orders:earnings.heading'));
  const available = page
    .locator('.ant-statistic')
    .filter({ has: page.getByText(t('payouts:figures.available'), { exact: true }) })
    .locator('.ant-statistic-content');
  await expect(available).toHaveText(/\$[\d,]+\.\d{2}/);
  await expectFits(page, 'earnings');
});

test('a new creator on a phone hears a taken link while typing and keeps the suggested prices', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await followSystemTheme(page);
  const opened: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/shop')
      opened.push(request.url());
  });
  await register(page, `first-hour-${Date.now()}@example.com`);
  await expect(page.getByText(t('studio:home.quickStart.progress', { done: 0, total: 4 }))).toBeVisible();
  await expectFits(page, 'quick start');
  await expectNoWrappedButtons(page, 'quick start');

  // Step 1: the name proposes the link "demo", the seeded demo shop's: said before "Open my shop".
  await page.getByRole('button', { name: t('studio:home.quickStart.create.action') }).tap();
  await page.getByLabel(t('studio:shop.field.name'), { exact: true }).pressSequentially('Demo');
  await expect(page.getByLabel(t('studio:shop.field.slug'), { exact: true })).toHaveValue('demo');
  const status = page.getByRole('status').filter({ hasText: t('studio:shop.slug.taken', { slug: 'demo' }) });
  await expect(status).toBeVisible();
  await expect(status).toHaveAttribute('aria-live', 'polite');
  expect(opened).toEqual([]);
  await expectFits(page, 'open my shop, link taken');
  await expectAccessible(page, 'open my shop, link taken');
  // A free name offered instead, picked with one tap.
  const suggestion = status.getByRole('button').first();
  const slug = (await suggestion.innerText()).trim();
  expect(slug).toMatch(/^(demo-|my-demo)/);
  await suggestion.tap();
  await expect(page.getByLabel(t('studio:shop.field.slug'), { exact: true })).toHaveValue(slug);
  await expect(
    page.getByRole('status').filter({ hasText: t('studio:shop.slug.available', { slug }) }),
  ).toBeVisible();
  await page.getByRole('button', { name: t('studio:shop.open.submit') }).tap();
  await expect(page.getByText(t('studio:shop.open.success'))).toBeVisible();
  await expectWholeShopLink(page, slug, 'en');

  // Step 3 by keeping the suggested prices, remembered by the server.
  await bottomNav(page)
    .getByRole('link', { name: t('studio:nav.home'), exact: true })
    .tap();
  const prices = page.getByRole('listitem', { name: t('studio:home.quickStart.prices.title') });
  await expect(prices.getByRole('button', { name: t('studio:home.quickStart.prices.keep') })).toBeVisible();
  await expectFits(page, 'quick start with a shop');
  await prices.getByRole('button', { name: t('studio:home.quickStart.prices.keep') }).tap();
  await expect(prices.getByText(t('studio:home.quickStart.done'), { exact: true })).toBeVisible();
  await expect(page.getByText(t('studio:home.quickStart.progress', { done: 2, total: 4 }))).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('listitem', { name: t('studio:home.quickStart.prices.title') })
      .getByText(t('studio:home.quickStart.done'), { exact: true }),
  ).toBeVisible();

  // In every language: the quick start's rows, the shop page and the link bar fit at 360 px.
  for (const lang of LANGUAGES) {
    await openIn(page, '/', lang);
    await expect(page.getByText(text(lang, 'studio:home.quickStart.heading'))).toBeVisible();
    await expectFits(page, `quick start (${lang})`);
    await expectNoWrappedButtons(page, `quick start (${lang})`);
    await expectWholeShopLink(page, slug, lang);
    // The quick start's text keeps the row's width: not squeezed beside its buttons.
    const row = page.getByRole('listitem', { name: text(lang, 'studio:home.quickStart.payment.title') });
    const rowBox = await row.boundingBox();
    const textBox = await row.getByText(text(lang, 'studio:home.quickStart.payment.text')).boundingBox();
    expect((textBox?.width ?? 0) / (rowBox?.width ?? 1), `quick start text width (${lang})`).toBeGreaterThan(
      0.6,
    );
    await openIn(page, '/shop', lang);
    await expect(heading(page)).toHaveText(text(lang, 'studio:shop.heading'));
    await expectFits(page, `my shop (${lang})`);
    await expectNoWrappedButtons(page, `my shop (${lang})`);
  }
});

test('in every language the orders page and the pay dialog keep their labels and amounts on one line', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // An unpaid order of its own to open the pay dialog on (earlier journeys pay the seed's).
  await placeUnpaidOrder(request, `phone-pay-${Date.now()}@example.com`, (await demoProduct(request)).id);
  await signInAsDemo(page);
  for (const lang of LANGUAGES) {
    await openIn(page, '/order?status=0', lang);
    await expect(heading(page)).toHaveText(text(lang, 'orders:orders.heading'));
    await expectFits(page, `orders (${lang})`);
    await expectNoWrappedButtons(page, `orders (${lang})`);
    await expectWholeShopLink(page, 'demo', lang);
    await page
      .getByRole('button', {
        name: new RegExp(`^${text(lang, 'orders:orders.pay.payNowOf').split('{{')[0]}`),
      })
      .first()
      .tap();
    const dialog = page.getByRole('dialog', { name: text(lang, 'orders:orders.pay.title') });
    await expect(dialog).toBeVisible();
    for (const amount of await dialog.locator('strong').all()) {
      const lines = await amount.evaluate((element) => {
        const el = element as unknown as { getClientRects(): { length: number } };
        return el.getClientRects().length;
      });
      expect(lines, `${lang}: "${await amount.innerText()}" wraps`).toBe(1);
    }
    await expectNoWrappedButtons(page, `pay dialog (${lang})`);
    await expectNoSidewaysScroll(page, `pay dialog (${lang})`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false });

  test('the products table and the price inputs fit, and every studio heading has one size', async ({
    page,
  }) => {
    await signInAsDemo(page);
    const sizes: string[] = [];
    const pages: Array<[string, string]> = [
      ['/#/', t('studio:home.dashboard.heading')],
      ['/#/shop', t('studio:shop.heading')],
      ['/#/product', t('studio:product.heading')],
      ['/#/pricing', t('studio:pricing.heading')],
      ['/#/order', t('orders:orders.heading')],
      ['/#/revenue', t('orders:earnings.heading')],
      ['/#/discounts', t('discounts:title')],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(heading(page)).toHaveText(title);
      sizes.push(await heading(page).evaluate(fontSizeOf));
    }
    expect(new Set(sizes), `heading sizes: ${sizes.join(', ')}`).toEqual(new Set(['24px']));

    // Products: every column fits the table's width (Rating and "In shop" were cut off), and the
    // page never scrolls sideways.
    await page.goto('/#/product');
    await expect(heading(page)).toHaveText(t('studio:product.heading'));
    const visible = page.getByRole('switch', { name: /^Show .* in the shop$/ }).first();
    await expect(visible).toBeVisible();
    await expectNoSidewaysScroll(page, 'products at 1366 px');
    const table = await page.locator('.ant-table-container').first().boundingBox();
    if (!table) throw new Error('no products table');
    const right = (box: { x: number; width: number } | null) => (box ? box.x + box.width : Infinity);
    for (const column of ['rating', 'visible']) {
      const header = page.getByRole('columnheader', {
        name: t(`studio:product.field.${column}`),
        exact: true,
      });
      expect(right(await header.boundingBox()), `the ${column} column is cut off`).toBeLessThanOrEqual(
        table.x + table.width + 1,
      );
    }
    expect(right(await visible.boundingBox()), 'the "In shop" switch is cut off').toBeLessThanOrEqual(
      table.x + table.width + 1,
    );

    // Pricing: the percentage placeholders are shown whole.
    await page.goto('/#/pricing');
    const percentage = page.getByLabel(/^Percentage for /).first();
    await expect(percentage).toHaveAttribute('placeholder', /.+/);
    // The placeholder's text measured in the input's font, against the room inside its padding.
    const room = await percentage.evaluate(placeholderRoom);
    expect(room.text, 'the percentage placeholder is cut').toBeLessThanOrEqual(room.inside);
  });
});
