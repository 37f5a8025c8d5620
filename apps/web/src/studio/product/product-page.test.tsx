import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TShopBanner, TShopCategory, TShopProduct, TShopProductVariants } from '@linkstore/contract';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, ok, US } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { stubViewportWidth } from '../../shared/test/viewport';
import { ProductPage } from './product-page';

/** A product of one variant (its ranges are its one price) unless `extra` says otherwise. */
const product = (id: string, title: string, extra: Partial<TShopProduct> = {}): TShopProduct => {
  const row = { costMinor: 1000, sellingMinor: 2000, profitMinor: 1000, ...extra };
  return {
    variants: 1,
    minCostMinor: row.costMinor,
    maxCostMinor: row.costMinor,
    minSellingMinor: row.sellingMinor,
    maxSellingMinor: row.sellingMinor,
    minProfitMinor: row.profitMinor,
    maxProfitMinor: row.profitMinor,
    ...baseProduct(id, title),
    ...extra,
  };
};
type TRanges =
  | 'variants'
  | 'minCostMinor'
  | 'maxCostMinor'
  | 'minSellingMinor'
  | 'maxSellingMinor'
  | 'minProfitMinor'
  | 'maxProfitMinor';
const baseProduct = (id: string, title: string): Omit<TShopProduct, TRanges> => ({
  id,
  title,
  imageUrl: null,
  categoryId: '2',
  categoryName: 'T-shirts',
  parentCategoryId: '1',
  costMinor: 1000,
  sellingMinor: 2000,
  profitMinor: 1000,
  source: 'default',
  overridePriceMinor: null,
  compareAtMinor: null,
  stock: 5,
  visible: 1,
  views: 0,
  clicks: 0,
  clickThroughBasisPoints: null,
  ratingTenths: null,
  reviewCount: 0,
});
const PRODUCTS = [
  product('10', 'Plain tee', {
    costMinor: 1299,
    sellingMinor: 2338,
    profitMinor: 1039,
    views: 810,
    clicks: 100,
    clickThroughBasisPoints: 1234,
    ratingTenths: 43,
    reviewCount: 7,
  }),
  // Three sizes, the largest costing more: its figures are ranges.
  product('11', 'Striped tee', {
    visible: 0,
    variants: 3,
    stock: 12,
    minCostMinor: 1000,
    maxCostMinor: 1300,
    minSellingMinor: 2000,
    maxSellingMinor: 2600,
    minProfitMinor: 1000,
    maxProfitMinor: 1300,
  }),
];
const TREE: TShopCategory[] = [
  {
    id: '1',
    parentId: '0',
    name: 'Apparel',
    iconUrl: null,
    productCount: 2,
    children: [{ id: '2', parentId: '1', name: 'T-shirts', iconUrl: null, productCount: 2, children: [] }],
  },
];
const BANNERS: TShopBanner[] = [
  { id: '31', imageUrl: '/files/banner/sale.png', linkUrl: '/p/10', title: 'Summer sale', sort: 1 },
  { id: '32', imageUrl: '/files/banner/new.png', linkUrl: null, title: 'New in', sort: 2 },
];
const VISIBILITY = 'PUT /api/v1/shop/products/visibility';
const STRIPED_VARIANTS = 'GET /api/v1/shop/products/11/variants';
const variant = (
  id: string,
  label: string,
  extra: Partial<TShopProductVariants['variants'][number]> = {},
) => ({
  id,
  label,
  sku: `ST-${label}`,
  stock: 4,
  costMinor: 1000,
  sellingMinor: 2000,
  profitMinor: 1000,
  source: 'default' as const,
  percentage: 200,
  priceMinor: null,
  compareAtMinor: null,
  shownCompareAtMinor: null,
  ...extra,
});
/** Striped tee: S and M at 20.00 (S on sale, "was 25.00"), XL at its own 26.00. */
const STRIPED: TShopProductVariants = {
  productId: '11',
  sellingVariantId: '111',
  variants: [
    variant('111', 'S', { shownCompareAtMinor: 2500, stock: 3 }),
    variant('112', 'M', { stock: 5 }),
    variant('113', 'XL', {
      costMinor: 1300,
      sellingMinor: 2600,
      profitMinor: 1300,
      source: 'variant',
      priceMinor: 2600,
    }),
  ],
};

function fakeApi() {
  const api = createFakeApi({
    'GET /api/v1/countries': () => ok([US]),
    'GET /api/v1/shop/categories': () => ok(TREE),
    'GET /api/v1/shop/products': () => ok({ list: PRODUCTS, total: 2 }),
    [VISIBILITY]: () => ok(null),
    'GET /api/v1/shop/banners': () => ok(BANNERS),
    [STRIPED_VARIANTS]: () => ok(STRIPED),
    'DELETE /api/v1/shop/banners/32': () => ok(null),
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

const routes = [{ path: '/product', Component: ProductPage }];

describe('ProductPage', () => {
  it('lists the products with money, CTR and rating, and shows or hides one', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    await renderWithApp(routes, '/product');
    const tee = (await screen.findByText('Plain tee')).closest('tr');
    if (!tee) throw new Error('no row');
    expect(tee).toHaveTextContent('$12.99');
    expect(tee).toHaveTextContent('$23.38');
    expect(tee).toHaveTextContent('$10.39');
    expect(tee).toHaveTextContent('12.34%');
    expect(tee).toHaveTextContent('4.3 (7)');
    const striped = screen.getByText('Striped tee').closest('tr');
    expect(striped).toHaveTextContent('$10.00 – $13.00');
    expect(striped).toHaveTextContent('$20.00 – $26.00');
    expect(striped).toHaveTextContent('3 variants');
    const categories = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(categories).getByText('T-shirts').closest('button')).toHaveTextContent('T-shirts2');
    expect(within(categories).getByLabelText('Move category Apparel')).toBeInTheDocument();
    expect(screen.getByText('Adjust prices').closest('a')).toHaveAttribute('href', '/pricing');
    await user.click(within(tee).getByLabelText('Show Plain tee in the shop'));
    await waitFor(() => expect(api.callsTo(VISIBILITY)).toHaveLength(1));
    expect(api.callsTo(VISIBILITY)[0]?.body).toEqual({ productIds: ['10'], visible: 0 });
  });

  it('opens the banners tab from the address and deletes a banner after confirming', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    await renderWithApp(routes, '/product?tab=banners');
    expect(await screen.findByAltText('Summer sale')).toBeInTheDocument();
    expect(screen.getByText('/p/10')).toBeInTheDocument();
    expect(screen.getByLabelText('Move banner New in')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Delete banner New in'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/shop/banners/32')).toHaveLength(1));
  });

  it('shows cards and a category picker instead of the table and tree below 768 px', async () => {
    stubViewportWidth(360);
    const user = userEvent.setup();
    const api = fakeApi();
    await renderWithApp(routes, '/product');
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Categories' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Categories' })).toBeInTheDocument();
    const tee = within(list).getByText('Plain tee').closest('li');
    if (!tee) throw new Error('no card');
    expect(tee).toHaveTextContent('$23.38');
    expect(tee).toHaveTextContent('$10.39');
    expect(tee).toHaveTextContent('4.3 (7)');
    const striped = within(list).getByRole('switch', { name: 'Show Striped tee in the shop' });
    expect(striped).not.toBeChecked();
    await user.click(within(tee).getByRole('switch', { name: 'Show Plain tee in the shop' }));
    await waitFor(() => expect(api.callsTo(VISIBILITY)).toHaveLength(1));
    expect(api.callsTo(VISIBILITY)[0]?.body).toEqual({ productIds: ['10'], visible: 0 });
  });

  it('keeps the table and the tree at 1366 px', async () => {
    stubViewportWidth(1366);
    fakeApi();
    await renderWithApp(routes, '/product');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Categories' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();
  });

  it('opens a product’s variants on demand: label, price (and its compare-at), profit and stock', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    await renderWithApp(routes, '/product');
    await screen.findByText('Striped tee');
    expect(api.callsTo(STRIPED_VARIANTS)).toHaveLength(0);
    // A product of one variant has nothing to open.
    expect(screen.queryByRole('button', { name: /variant of Plain tee/ })).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: '3 variants of Striped tee' });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Variants of Striped tee' });
    const [small, , large] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(small).toHaveTextContent('S · ST-S');
    expect(small).toHaveTextContent('Selling price$20.00 $25.00Was $25.00');
    expect(within(small).getByText('$25.00').tagName).toBe('S');
    expect(small).toHaveTextContent('Profit$10.00');
    expect(small).toHaveTextContent('Stock3');
    expect(large).toHaveTextContent('XL · ST-XL');
    expect(large).toHaveTextContent('Selling price$26.00Profit$13.00Stock4');
    await user.click(open);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Variants of Striped tee' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo(STRIPED_VARIANTS)).toHaveLength(1);
  });

  it('opens a product’s variants inside its card below 768 px', async () => {
    stubViewportWidth(360);
    const user = userEvent.setup();
    fakeApi();
    await renderWithApp(routes, '/product');
    const products = await screen.findByRole('list', { name: 'Products' });
    const card = within(products).getByText('Striped tee').closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Stock12');
    await user.click(within(card).getByRole('button', { name: '3 variants of Striped tee' }));
    const list = await within(card).findByRole('list', { name: 'Variants of Striped tee' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'S · ST-SSelling price$20.00 $25.00Was $25.00Profit$10.00Stock3',
      'M · ST-MSelling price$20.00Profit$10.00Stock5',
      'XL · ST-XLSelling price$26.00Profit$13.00Stock4',
    ]);
  });
});
