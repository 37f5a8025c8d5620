import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  TPricedProduct,
  TPricingSettings,
  TShop,
  TShopCategory,
  TShopProductVariant,
  TShopProductVariants,
} from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUserPreferences } from '../../shared/preferences/user-preferences-store';
import { useSession } from '../../shared/session/session-store';
import { useUser } from '../../shared/session/user-store';
import { createFakeApi, fail, ok, US, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { stubViewportWidth } from '../../shared/test/viewport';
import { FirstLevelPricingPage } from './first-level-page';
import { SecondLevelPricingPage } from './second-level-page';
import { useSettingsDraft } from './settings-draft-store';

// jsdom's cascade over every antd style sheet makes each role query take seconds; inline styles
// decide visibility here (as in the console's test support), at a hundredth of the cost.
const cascadeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) =>
  element instanceof HTMLElement ? element.style : cascadeStyle(element);

const routes = [
  { path: '/pricing', Component: FirstLevelPricingPage },
  { path: '/pricing/subcategories', Component: SecondLevelPricingPage },
];
const SAVE = 'PUT /api/v1/pricing';
const SETTINGS: TPricingSettings = { defaultPercentage: 200, rounding: 'none', categories: [] };
const category = (id: string, parentId: string, name: string, children: TShopCategory[] = []) => ({
  id,
  parentId,
  name,
  iconUrl: null,
  productCount: 1,
  children,
});
const TREE: TShopCategory[] = [
  category('1', '0', 'Apparel', [category('2', '1', 'T-shirts')]),
  category('4', '0', 'Home', [category('5', '4', 'Mugs')]),
];
const TEE: TPricedProduct = {
  id: '10',
  title: 'Plain tee',
  categoryId: '2',
  parentCategoryId: '1',
  costMinor: 1000,
  sellingMinor: 2000,
  profitMinor: 1000,
  source: 'default',
  percentage: 200,
  overridePriceMinor: null,
  compareAtMinor: null,
  sellingVariantId: '1001',
  variantPriceMinor: null,
  variants: 1,
  visible: 1,
  sort: 1,
};

/** A hoodie sold as S / Black (18.00); its 3XL costs 21.00 and has its own price, 45.50. */
const HOODIE: TPricedProduct = {
  ...TEE,
  id: '20',
  title: 'Hoodie',
  costMinor: 1800,
  sellingMinor: 3600,
  profitMinor: 1800,
  sellingVariantId: '201',
  variants: 2,
  sort: 2,
};
const variant = (
  extra: Partial<TShopProductVariant> & { id: string; label: string },
): TShopProductVariant => ({
  sku: `H-${extra.id}`,
  stock: 4,
  costMinor: 1800,
  sellingMinor: 3600,
  profitMinor: 1800,
  source: 'default',
  percentage: 200,
  priceMinor: null,
  compareAtMinor: null,
  shownCompareAtMinor: null,
  ...extra,
});
const HOODIE_VARIANTS: TShopProductVariants = {
  productId: '20',
  sellingVariantId: '201',
  variants: [
    variant({ id: '201', label: 'S / Black' }),
    variant({
      id: '203',
      label: '3XL / Black',
      costMinor: 2100,
      sellingMinor: 4550,
      profitMinor: 2450,
      source: 'variant',
      percentage: null,
      priceMinor: 4550,
    }),
  ],
};

const SHOP: TShop = {
  id: '1',
  slug: 'ana',
  name: 'Ana',
  description: '',
  bannerUrl: null,
  imageUrl: null,
  defaultPercentage: 200,
  rounding: 'none',
  paypalEmail: null,
  paypalVerified: false,
  pricesSavedAt: null,
  linkSharedAt: null,
};

function signInCreator(handlers: Record<string, TFakeHandler>) {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  useUser.getState().setInfo({
    user: {
      userId: '7',
      username: null,
      nickname: 'Ana',
      email: 'ana@example.com',
      avatar: null,
      countryId: 'US',
      timeZone: null,
      roles: ['BLOGGER'],
      perms: [],
    },
    business: { email: null, subdomainurl: 'ana', image_url: null, nickname: 'Ana', country_id: 'US' },
  });
  const api = createFakeApi({
    'GET /api/v1/countries': () => ok([US]),
    'GET /api/v1/pricing/settings': () => ok(SETTINGS),
    'GET /api/v1/shop/categories': () => ok(TREE),
    'GET /api/v1/pricing/products': () => ok({ list: [TEE], total: 1 }),
    // A shop whose prices were saved before: no offer to keep the suggested ones.
    'GET /api/v1/shop': () => ok({ ...SHOP, pricesSavedAt: '2026-01-01T00:00:00Z' }),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

afterEach(() => {
  useSettingsDraft.getState().clear();
  useUserPreferences.getState().clearModifiedProducts();
  useUser.getState().clear();
  useSession.getState().clearTokens();
});

describe('price adjustment pages', () => {
  it('previews a category at 150% live and saves the draft in one PUT, then shows the saved prices', async () => {
    const user = userEvent.setup();
    const api = signInCreator({
      [SAVE]: () => ok({ ...SETTINGS, categories: [{ categoryId: '1', percentage: 150 }] }),
    });
    await renderWithApp(routes, '/pricing');
    const apparel = await screen.findByLabelText('Percentage for Apparel');
    expect(screen.queryByRole('button', { name: 'Keep these prices' })).not.toBeInTheDocument();
    const row = apparel.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('A $10.00 product sells for $20.00, profit $10.00');

    await user.type(apparel, '150');
    expect(row).toHaveTextContent('A $10.00 product sells for $15.00, profit $5.00');
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes: 1');

    api.on('GET /api/v1/pricing/settings', () =>
      ok({ ...SETTINGS, categories: [{ categoryId: '1', percentage: 150 }] }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('All changes are saved'));
    expect(api.callsTo(SAVE).map((request) => request.body)).toEqual([
      { categories: [{ categoryId: '1', percentage: 150 }] },
    ]);
    expect(api.callsTo('GET /api/v1/pricing/settings').length).toBeGreaterThan(1);
    expect(screen.getByLabelText('Percentage for Apparel')).toHaveValue('150');
    expect(row).toHaveTextContent('A $10.00 product sells for $15.00, profit $5.00');
  });

  it('until the first save, offers to keep the suggested prices: one POST, no price sent', async () => {
    const user = userEvent.setup();
    const api = signInCreator({
      'GET /api/v1/shop': () => ok(SHOP),
      'POST /api/v1/shop/prices/kept': () => ok({ ...SHOP, pricesSavedAt: '2026-01-02T00:00:00Z' }),
    });
    await renderWithApp(routes, '/pricing');
    const keep = await screen.findByRole('button', { name: 'Keep these prices' });
    expect(
      screen.getByText(
        'Your shop sells at the suggested prices. Happy with them? Keep them, or change any and save.',
      ),
    ).toBeInTheDocument();

    await user.click(keep);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Keep these prices' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('POST /api/v1/shop/prices/kept')).toHaveLength(1);
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });

  it('says the prices are saved as soon as the server accepted them, while the lists are read again', async () => {
    const user = userEvent.setup();
    const api = signInCreator({ [SAVE]: () => ok(SETTINGS) });
    await renderWithApp(routes, '/pricing/subcategories');
    const price = await screen.findByLabelText('Selling price of Plain tee');
    await user.clear(price);
    await user.type(price, '25');
    // Reading the products again is slow today (it never ends here).
    api.on('GET /api/v1/pricing/products', () => new Promise(() => undefined));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Prices saved')).toBeInTheDocument();
    expect(api.callsTo(SAVE)).toHaveLength(1);
  });

  it('no longer offers to keep the suggested prices once the creator saved their own', async () => {
    const user = userEvent.setup();
    let saved = false;
    const api = signInCreator({
      'GET /api/v1/shop': () => ok({ ...SHOP, pricesSavedAt: saved ? '2026-01-02T00:00:00Z' : null }),
      [SAVE]: () => {
        saved = true;
        return ok({ ...SETTINGS, categories: [{ categoryId: '1', percentage: 150 }] });
      },
    });
    await renderWithApp(routes, '/pricing');
    expect(await screen.findByRole('button', { name: 'Keep these prices' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Percentage for Apparel'), '150');
    expect(screen.queryByRole('button', { name: 'Keep these prices' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('All changes are saved'));
    expect(await screen.findByText('Prices saved')).toBeInTheDocument();
    expect(api.callsTo(SAVE)).toHaveLength(1);
    // The shop is read again: its prices are saved, so the offer does not come back.
    await waitFor(() => expect(api.callsTo('GET /api/v1/shop').length).toBeGreaterThan(1));
    expect(screen.queryByRole('button', { name: 'Keep these prices' })).not.toBeInTheDocument();
  });

  it('refuses a price below cost before sending, and keeps the draft when the server refuses', async () => {
    const user = userEvent.setup();
    const api = signInCreator({ [SAVE]: () => fail('A0400', 'The shop cannot be saved right now') });
    await renderWithApp(routes, '/pricing/subcategories');
    const price = await screen.findByLabelText('Selling price of Plain tee');
    const row = price.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('$20.00 (200%)');

    await user.type(price, '9.5');
    expect(row).toHaveTextContent('The selling price of Plain tee cannot be below its cost $10.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      within(await screen.findByRole('alert')).getByText(/cannot be below its cost \$10\.00/),
    ).toBeInTheDocument();
    expect(api.callsTo(SAVE)).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '12.5');
    expect(row).toHaveTextContent('$12.50$2.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The shop cannot be saved right now')).toBeInTheDocument();
    expect(api.callsTo(SAVE).map((request) => request.body)).toEqual([
      { products: [{ productId: '10', overridePriceMinor: 1250 }] },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes: 1');
  });

  it('below 768 px lists a subcategory product by product, its price input in reach', async () => {
    stubViewportWidth(360);
    const user = userEvent.setup();
    const api = signInCreator({ [SAVE]: () => ok(SETTINGS) });
    await renderWithApp(routes, '/pricing/subcategories');
    const price = await screen.findByLabelText('Selling price of Plain tee');
    expect(price.closest('tr')).toBeNull();
    const row = price.closest('li') as HTMLElement;
    expect(row).toHaveTextContent('Plain tee');
    expect(row).toHaveTextContent('Cost$10.00');

    await user.type(price, '12.5');
    expect(row).toHaveTextContent('Selling price$12.50');
    expect(row).toHaveTextContent('Profit$2.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo(SAVE).map((request) => request.body)).toEqual([
        { products: [{ productId: '10', overridePriceMinor: 1250 }] },
      ]),
    );
  });

  it('opens a product’s variants on demand and saves their own prices and compare-at with the draft', async () => {
    const user = userEvent.setup();
    const api = signInCreator({
      'GET /api/v1/pricing/products': () => ok({ list: [TEE, HOODIE], total: 2 }),
      'GET /api/v1/shop/products/20/variants': () => ok(HOODIE_VARIANTS),
      [SAVE]: () => ok(SETTINGS),
    });
    await renderWithApp(routes, '/pricing/subcategories');
    // The product's own "compare at", next to its own price.
    const compareAt = await screen.findByLabelText('“Compare at” price of Hoodie');
    await user.type(compareAt, '30');
    expect(compareAt.closest('tr')).toHaveTextContent('Buyers see it only above the selling price $36.00');
    await user.clear(compareAt);
    await user.type(compareAt, '40');
    expect(compareAt.closest('tr')).not.toHaveTextContent('Buyers see it only');

    // Not read before the creator opens them; a product without options has nothing to open.
    expect(api.callsTo('GET /api/v1/shop/products/20/variants')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /variant of Plain tee/ })).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: '2 variants of Hoodie' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Variants of Hoodie' });
    const [small, large] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(small).toHaveTextContent('S / Black · H-201');
    // The product's compare-at in the draft shows on each variant, carried by the price difference.
    expect(small).toHaveTextContent('Selling price$36.00 $40.00Was $40.00');
    expect(large).toHaveTextContent('Selling price$45.50 $49.50Was $49.50');
    expect(within(large).getByLabelText('Selling price of Hoodie — 3XL / Black')).toHaveValue('45.50');

    const own = within(small).getByLabelText('Selling price of Hoodie — S / Black');
    await user.type(own, '17');
    expect(small).toHaveTextContent(
      'The selling price of Hoodie — S / Black cannot be below its cost $18.00',
    );
    await user.clear(own);
    await user.type(own, '29');
    expect(small).toHaveTextContent('Selling price$29.00');
    expect(small).toHaveTextContent('Profit$11.00');
    // The product's row follows its selling variant's own price.
    expect(compareAt.closest('tr')).toHaveTextContent('$29.00$11.00');
    await user.type(within(large).getByLabelText('“Compare at” price of Hoodie — 3XL / Black'), '60');
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes: 3');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo(SAVE).map((request) => request.body)).toEqual([
        {
          products: [
            {
              productId: '20',
              compareAtMinor: 4000,
              variants: [
                { variantId: '201', priceMinor: 2900 },
                { variantId: '203', compareAtMinor: 6000 },
              ],
            },
          ],
        },
      ]),
    );
  });

  it('below 768 px opens a product’s variants inside its block, their inputs in reach', async () => {
    stubViewportWidth(360);
    const user = userEvent.setup();
    const api = signInCreator({
      'GET /api/v1/pricing/products': () => ok({ list: [HOODIE], total: 1 }),
      'GET /api/v1/shop/products/20/variants': () => ok(HOODIE_VARIANTS),
      [SAVE]: () => ok(SETTINGS),
    });
    await renderWithApp(routes, '/pricing/subcategories');
    const open = await screen.findByRole('button', { name: '2 variants of Hoodie' });
    const block = open.closest('li') as HTMLElement;
    await user.click(open);
    const list = await within(block).findByRole('list', { name: 'Variants of Hoodie' });
    await user.type(within(list).getByLabelText('“Compare at” price of Hoodie — S / Black'), '50');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Was $50.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo(SAVE).map((request) => request.body)).toEqual([
        { products: [{ productId: '20', variants: [{ variantId: '201', compareAtMinor: 5000 }] }] },
      ]),
    );
  });
});
