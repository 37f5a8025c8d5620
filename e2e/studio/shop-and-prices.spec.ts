import { expect, test, type Locator, type Page } from '@playwright/test';
import { readCode } from '../support/mailbox';
import { english as t, cents, dollars, expectStudioHome } from '../support/studio';

const PASSWORD = 'Sunny-days-2026';

async function register(page: Page, email: string) {
  await page.goto('/#/register?lang=en');
  await page.getByLabel(t('studio:auth.register.email'), { exact: true }).fill(email);
  await page.getByLabel(t('studio:auth.register.password'), { exact: true }).fill(PASSWORD);
  await page.getByLabel(t('studio:auth.register.confirmPassword'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('studio:auth.code.get') }).click();
  await page.getByLabel(t('studio:auth.code.label'), { exact: true }).fill(await readCode(email));
  await page.getByRole('button', { name: t('studio:auth.register.submit'), exact: true }).click();
  await expectStudioHome(page);
}

function quickStartProgress(page: Page, done: number) {
  return expect(page.getByText(t('studio:home.quickStart.progress', { done, total: 4 }))).toBeVisible();
}

/** The row of the subcategory page's product table that holds `input`. */
function rowOf(input: Locator): Locator {
  return input.locator('xpath=ancestor::tr[1]');
}

/** Where the price table's columns are, by heading: a column added before them moves none of the checks. */
const COLUMN = {
  cost: 'studio:pricing.product.cost',
  percentagePrice: 'studio:pricing.product.percentagePrice',
  selling: 'studio:pricing.product.selling',
  profit: 'studio:pricing.product.profit',
} as const;

/** The cell of `row` in the column headed by `column`'s text. */
async function cellOf(row: Locator, column: keyof typeof COLUMN): Promise<Locator> {
  await expect(row).toBeVisible();
  const headings = await row.locator('xpath=ancestor::table[1]/thead//th').allInnerTexts();
  const index = headings.findIndex((text) => text.trim() === t(COLUMN[column]));
  expect(index, `the price table has a column "${t(COLUMN[column])}"`).toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(index);
}

test('a new creator opens a shop, sets up payment, prices products and shares the link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const stamp = Date.now();
  await register(page, `pricing-${stamp}@example.com`);

  // Quick start, step 1: open the store.
  await quickStartProgress(page, 0);
  await page.getByRole('button', { name: t('studio:home.quickStart.create.action') }).click();
  await page.getByLabel(t('studio:shop.field.name'), { exact: true }).fill('Journey Picks');
  const slug = `journey-${stamp}`;
  await page.getByLabel(t('studio:shop.field.slug'), { exact: true }).fill(slug);
  await page.getByRole('button', { name: t('studio:shop.open.submit') }).click();
  await expect(page.getByText(t('studio:shop.open.success'))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Journey Picks' })).toBeVisible();

  // Step 2: connect the PayPal account the profit goes to (the offline sandbox's consent page).
  await page.getByRole('button', { name: t('paypal:connect') }).click();
  await expect(page.getByRole('heading', { name: t('paypal:consent.title') })).toBeVisible();
  const sandboxEmail = page.getByLabel(t('paypal:consent.email'), { exact: true });
  await expect(sandboxEmail).toHaveValue(`pricing-${stamp}@example.com`);
  await sandboxEmail.fill(`Payouts-${stamp}@Example.com`);
  await page.getByRole('button', { name: t('paypal:consent.agree') }).click();
  await expect(page.getByText(t('paypal:result.success'))).toBeVisible();
  await expect(
    page.getByText(t('paypal:result.boundTo', { email: `payouts-${stamp}@example.com` })),
  ).toBeVisible();
  await page.getByRole('link', { name: t('paypal:result.home') }).click();
  await page.getByRole('menuitem', { name: t('studio:nav.shop') }).click();
  await expect(page.getByText(`payouts-${stamp}@example.com`)).toBeVisible();
  await expect(page.getByText(t('paypal:card.verified'), { exact: true })).toBeVisible();

  // Step 3: a first-level category at 150 %, previewed before saving.
  await page.getByRole('menuitem', { name: t('studio:nav.pricing') }).click();
  const categoryInput = page.getByLabel(/^Percentage for /).first();
  const categoryLabel = (await categoryInput.getAttribute('aria-label')) ?? '';
  await categoryInput.fill('150');
  await expect(
    categoryInput
      .locator('xpath=ancestor::tr[1]')
      .getByText(
        t('studio:pricing.category.example', { cost: '$10.00', selling: '$15.00', profit: '$5.00' }),
      ),
  ).toBeVisible();
  await expect(
    page.getByRole('status').getByText(t('studio:pricing.draft.unsaved', { count: 1 })),
  ).toBeVisible();

  // One product of its first subcategory gets its own price: cost + $5.00, so $5.00 profit.
  await page.getByRole('tab', { name: t('studio:pricing.tabs.subcategories'), exact: true }).click();
  const overrides = page.getByLabel(/^Selling price of /);
  const first = overrides.nth(0);
  await expect(first).toBeVisible();
  const firstRow = rowOf(first);
  const firstCost = cents(await (await cellOf(firstRow, 'cost')).innerText());
  // The category's 150 % applies to the product before it has its own price.
  await expect(await cellOf(firstRow, 'percentagePrice')).toContainText(
    dollars(Math.floor((firstCost * 150 + 50) / 100)),
  );
  await first.fill(
    dollars(firstCost + 500)
      .slice(1)
      .replaceAll(',', ''),
  );
  await expect(await cellOf(firstRow, 'selling')).toHaveText(dollars(firstCost + 500));
  await expect(await cellOf(firstRow, 'profit')).toHaveText('$5.00');

  await page.getByRole('button', { name: t('studio:pricing.draft.save') }).click();
  await expect(page.getByText(t('studio:pricing.draft.saved'))).toBeVisible();
  await expect(page.getByRole('status').getByText(t('studio:pricing.draft.none'))).toBeVisible();

  // A reload shows the saved prices, from the server.
  await page.reload();
  await expect(await cellOf(rowOf(page.getByLabel(/^Selling price of /).nth(0)), 'selling')).toHaveText(
    dollars(firstCost + 500),
  );
  await page.getByRole('tab', { name: t('studio:pricing.tabs.categories'), exact: true }).click();
  await expect(page.getByLabel(categoryLabel, { exact: true })).toHaveValue('150');

  // A price below cost is refused, and nothing of it is saved.
  await page.getByRole('tab', { name: t('studio:pricing.tabs.subcategories'), exact: true }).click();
  const second = page.getByLabel(/^Selling price of /).nth(1);
  const secondRow = rowOf(second);
  const secondTitle = (await second.getAttribute('aria-label'))?.replace(/^Selling price of /, '') ?? '';
  const secondCost = cents(await (await cellOf(secondRow, 'cost')).innerText());
  const secondSelling = await (await cellOf(secondRow, 'selling')).innerText();
  await second.fill(
    dollars(secondCost - 100)
      .slice(1)
      .replaceAll(',', ''),
  );
  await page.getByRole('button', { name: t('studio:pricing.draft.save') }).click();
  const refusal = t('studio:pricing.draft.belowCost', { product: secondTitle, cost: dollars(secondCost) });
  await expect(page.getByText(refusal).first()).toBeVisible();
  await page.reload();
  await expect(await cellOf(rowOf(page.getByLabel(/^Selling price of /).nth(1)), 'selling')).toHaveText(
    secondSelling,
  );
  await expect(page.getByLabel(/^Selling price of /).nth(1)).toHaveValue('');

  // Step 4: copying the link completes the quick start, which then leaves the home to the dashboard.
  await page.getByRole('menuitem', { name: t('studio:nav.home') }).click();
  await quickStartProgress(page, 3);
  const linkArea = page.getByRole('region', { name: /shop link/i });
  await linkArea.getByRole('button', { name: t('studio:shop.link.copy') }).click();
  await expect(page.getByText(t('studio:shop.link.copied'))).toBeVisible();
  await expect(page.getByRole('heading', { name: t('studio:home.quickStart.heading') })).toBeHidden();
  await expect(
    page.getByText(t('studio:home.dashboard.cards.productsOnSale'), { exact: true }),
  ).toBeVisible();
  const copied: unknown = await page.evaluate('navigator.clipboard.readText()');
  expect(copied).toMatch(new RegExp(`/s/${slug}$`));
});
