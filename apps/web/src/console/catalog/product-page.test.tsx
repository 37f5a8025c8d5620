import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { plainTextToDoc, type TCategoryOption, type TProductPageItem } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/test/fake-api';
import {
  findDialog,
  findRow,
  installFakeApi,
  lastQuery,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import ProductPage from './product-page';

const product = (id: string, title: string, extra: Partial<TProductPageItem> = {}): TProductPageItem => ({
  id,
  categoryId: '2',
  categoryLabel: 'T-shirts',
  label: title,
  title,
  platformPriceMinor: 1299,
  maxPlatformPriceMinor: extra.platformPriceMinor ?? 1299,
  stock: 5,
  variants: 1,
  status: 1,
  sort: 1,
  imageUrl: null,
  createTime: '2025-03-01 10:00:00',
  ...extra,
});
const PAGE = {
  list: [
    product('10', 'Plain tee', { imageUrl: '/files/product/tee.png' }),
    product('11', 'Old mug', { status: 0, platformPriceMinor: 805, categoryLabel: 'Mugs' }),
  ],
  total: 2,
};
const CATEGORIES: TCategoryOption[] = [
  { value: '1', label: 'Apparel', children: [{ value: '2', label: 'T-shirts' }] },
  { value: '4', label: 'Home', children: [{ value: '5', label: 'Mugs' }] },
];
const LIST = 'GET /api/v1/catalog/products';
const ALL = [
  'catalog:product:query',
  'catalog:product:add',
  'catalog:product:edit',
  'catalog:product:delete',
];

function fakeApi() {
  return installFakeApi({
    [LIST]: () => ok(PAGE),
    'GET /api/v1/catalog/categories/options': () => ok(CATEGORIES),
    'GET /api/v1/catalog/products/10/form': () =>
      ok({
        id: '10',
        categoryId: '2',
        title: 'Plain tee',
        titles: { es: 'Camiseta lisa' },
        description: plainTextToDoc('Soft cotton'),
        descriptions: {},
        platformPriceMinor: 1299,
        stock: 5,
        variants: 1,
        status: 1,
        sort: 1,
        images: ['/files/product/tee.png'],
      }),
  });
}

afterEach(signOutOperator);

describe('ProductPage', () => {
  it('lists products with image, category, price in dollars and every action', async () => {
    signInOperator(ALL);
    fakeApi();
    await renderConsolePage(ProductPage);
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
    const tee = await findRow('Plain tee');
    expect(tee).toHaveTextContent('$12.99');
    expect(tee).toHaveTextContent('T-shirts');
    expect(within(tee).getByRole('img', { name: 'Image of Plain tee' })).toBeInTheDocument();
    expect(within(tee).getByRole('button', { name: 'Edit Plain tee' })).toBeInTheDocument();
    expect(within(tee).getByRole('button', { name: 'Delete Plain tee' })).toBeInTheDocument();
    expect(await findRow('Old mug')).toHaveTextContent('$8.05');
    expect(
      within(await findRow('Old mug')).getByRole('switch', { name: 'Old mug on sale' }),
    ).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('hides the actions without the permissions', async () => {
    signInOperator(['catalog:product:query']);
    fakeApi();
    await renderConsolePage(ProductPage);
    expect(await findRow('Old mug')).toHaveTextContent('Disabled');
    expect(screen.queryByRole('button', { name: /Add|Delete|Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('searches by keywords, category and status', async () => {
    const user = userEvent.setup();
    signInOperator(['catalog:product:query']);
    const api = fakeApi();
    await renderConsolePage(ProductPage);
    await findRow('Plain tee');
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Keywords'), 'tee');
    await user.click(within(search).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByTitle('Home'));
    await user.click(within(search).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Enabled'));
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(lastQuery(api, LIST)).toMatchObject({ keywords: 'tee', categoryId: '4', status: '1' }),
    );
  });

  it('adds a product: the amount becomes integer cents, a bad amount is refused, server errors shown', async () => {
    const user = userEvent.setup();
    signInOperator(['catalog:product:add']);
    const api = fakeApi();
    let attempts = 0;
    api.on('POST /api/v1/catalog/products', ({ body }) => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'Some fields are not valid', {
            fields: [{ field: 'platformPriceMinor', message: 'Too expensive' }],
          })
        : ok({
            id: '12',
            description: plainTextToDoc(''),
            descriptions: {},
            sort: 1,
            variants: 1,
            ...(body as object),
          });
    });
    await renderConsolePage(ProductPage);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await findDialog('Add product');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter Title')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select Category')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByTitle('Mugs'));
    await user.click(within(dialog).getByLabelText('Title (English)'));
    await user.paste('Big mug');
    await user.click(within(dialog).getByLabelText('Title (French)'));
    await user.paste('Grande tasse');
    await user.click(within(dialog).getByLabelText('Platform price (USD)'));
    await user.paste('0.1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter an amount from 0.01 to 100000.00 with at most two decimals'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Platform price (USD)'));
    await user.click(within(dialog).getByLabelText('Platform price (USD)'));
    await user.paste('19.9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Too expensive')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Platform price (USD)'));
    await user.click(within(dialog).getByLabelText('Platform price (USD)'));
    await user.paste('19.90');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/catalog/products')[1]?.body).toMatchObject({
      categoryId: '5',
      title: 'Big mug',
      titles: { fr: 'Grande tasse' },
      platformPriceMinor: 1990,
      stock: 0,
      status: 1,
      images: [],
    });
  });

  it('edits a product: the price shown in dollars comes back as the same cents', async () => {
    const user = userEvent.setup();
    signInOperator(['catalog:product:edit']);
    const api = fakeApi();
    api.on('PUT /api/v1/catalog/products/10', ({ body }) =>
      ok({ id: '10', variants: 1, ...(body as object) }),
    );
    await renderConsolePage(ProductPage);
    await user.click(await screen.findByRole('button', { name: 'Edit Plain tee' }));
    const dialog = await findDialog('Edit product');
    await waitFor(() => expect(within(dialog).getByLabelText('Platform price (USD)')).toHaveValue('12.99'));
    expect(within(dialog).getByLabelText('Title (Spanish)')).toHaveValue('Camiseta lisa');
    // The rich text editor (loaded lazily) shows the loaded document.
    expect(await within(dialog).findByRole('textbox', { name: 'Description (English)' })).toHaveTextContent(
      'Soft cotton',
    );
    expect(
      within(dialog).getByRole('toolbar', { name: 'Formatting of Description (English)' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/catalog/products/10')[0]?.body).toMatchObject({
      categoryId: '2',
      platformPriceMinor: 1299,
      images: ['/files/product/tee.png'],
      description: plainTextToDoc('Soft cotton'),
    });
  });

  it('deletes after confirmation and withdraws after confirmation', async () => {
    const user = userEvent.setup();
    signInOperator(['catalog:product:delete', 'catalog:product:edit']);
    const api = fakeApi();
    api.on('DELETE /api/v1/catalog/products/11', () => ok(null));
    api.on('PATCH /api/v1/catalog/products/10/status', () => ok(null));
    await renderConsolePage(ProductPage);
    await user.click(await screen.findByRole('button', { name: 'Delete Old mug' }));
    const confirm = await findDialog('Confirm deletion');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/catalog/products/11')).toHaveLength(1);

    await user.click(within(await findRow('Plain tee')).getByRole('switch', { name: 'Plain tee on sale' }));
    const withdraw = await findDialog('Withdraw this product?');
    await user.click(within(withdraw).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Plain tee is withdrawn')).toBeInTheDocument();
    expect(lastQuery(api, 'PATCH /api/v1/catalog/products/10/status')).toEqual({ status: '0' });
  });
});
