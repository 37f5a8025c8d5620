import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPricedProduct, TPricingSettings, TShop, TShopCategory } from '@linkstore/contract';
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
  visible: 1,
  sort: 1,
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
});
