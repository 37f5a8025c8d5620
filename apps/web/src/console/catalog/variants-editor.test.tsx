import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  plainTextToDoc,
  type TProductPageItem,
  type TProductVariants,
  type TProductVariantsRequest,
} from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../shared/test/fake-api';
import {
  findDialog,
  findRow,
  installFakeApi,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import ProductPage from './product-page';

const TEE: TProductPageItem = {
  id: '10',
  categoryId: '2',
  categoryLabel: 'T-shirts',
  label: 'Plain tee',
  title: 'Plain tee',
  platformPriceMinor: 1299,
  maxPlatformPriceMinor: 1399,
  stock: 7,
  variants: 2,
  status: 1,
  sort: 1,
  imageUrl: '/files/product/tee.png',
  createTime: '2025-03-01 10:00:00',
};
const MUG: TProductPageItem = {
  ...TEE,
  id: '11',
  label: 'Old mug',
  title: 'Old mug',
  platformPriceMinor: 805,
  maxPlatformPriceMinor: 805,
  stock: 3,
  variants: 1,
  imageUrl: null,
};
const VARIANTS: TProductVariants = {
  productId: '10',
  options: [
    {
      id: '1',
      name: 'Size',
      names: { es: 'Talla' },
      values: [
        { id: '11', value: 'M', values: {} },
        { id: '12', value: 'L', values: {} },
      ],
    },
  ],
  variants: [
    {
      id: '100',
      values: ['M'],
      label: 'M',
      sku: 'TEE-M',
      platformPriceMinor: 1299,
      stock: 5,
      imageUrl: null,
      weightGrams: 200,
      status: 1,
    },
    {
      id: '101',
      values: ['L'],
      label: 'L',
      sku: 'TEE-L',
      platformPriceMinor: 1399,
      stock: 2,
      imageUrl: '/files/product/tee-back.png',
      weightGrams: 220,
      status: 1,
    },
  ],
};
const SAVE = 'PUT /api/v1/catalog/products/10/variants';
const EDITOR = ['catalog:product:query', 'catalog:product:edit'];

function fakeApi() {
  return installFakeApi({
    'GET /api/v1/catalog/products': () => ok({ list: [TEE, MUG], total: 2 }),
    'GET /api/v1/catalog/categories/options': () =>
      ok([{ value: '1', label: 'Apparel', children: [{ value: '2', label: 'T-shirts' }] }]),
    'GET /api/v1/catalog/products/10/variants': () => ok(VARIANTS),
    'GET /api/v1/catalog/products/10/form': () =>
      ok({
        id: '10',
        categoryId: '2',
        title: 'Plain tee',
        titles: {},
        description: plainTextToDoc('Soft cotton'),
        descriptions: {},
        platformPriceMinor: 1299,
        stock: 7,
        variants: 2,
        status: 1,
        sort: 1,
        images: ['/files/product/tee.png', '/files/product/tee-back.png'],
      }),
  });
}

/** Opens the variant editor of the tee and waits for its grid. */
async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await renderConsolePage(ProductPage);
  await user.click(await screen.findByRole('button', { name: 'Variants of Plain tee' }));
  const drawer = await findDialog('Variants of Plain tee');
  await within(drawer).findByLabelText('SKU of M');
  return drawer;
}

/**
 * Puts `text` in a field as one input, as a paste does: the grid renders once for it, not once per
 * key (typed key by key, the editor's test took 12 of its 20 s on CI's busy 2 cores).
 */
async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}

const sent = (api: ReturnType<typeof fakeApi>, index = 0) =>
  api.callsTo(SAVE)[index]?.body as TProductVariantsRequest | undefined;

afterEach(signOutOperator);

describe('the variant editor', () => {
  it('shows a product of several variants with its range of costs; its form has price and stock for the variants only', async () => {
    const user = userEvent.setup();
    signInOperator(EDITOR);
    fakeApi();
    await renderConsolePage(ProductPage);
    const tee = await findRow('Plain tee');
    expect(tee).toHaveTextContent('$12.99 – $13.99');
    expect(tee).toHaveTextContent('2 variants');
    expect(await findRow('Old mug')).not.toHaveTextContent('variants');

    await user.click(screen.getByRole('button', { name: 'Edit Plain tee' }));
    const dialog = await findDialog('Edit product');
    const price = within(dialog).getByLabelText('Platform price (USD)');
    await waitFor(() => expect(price).toHaveValue('12.99'));
    await waitFor(() => expect(price).toBeDisabled());
    expect(within(dialog).getByLabelText('Stock')).toBeDisabled();
    expect(
      within(dialog).getByText('This product has 2 variants: edit cost and stock in Variants'),
    ).toBeInTheDocument();
  });

  it('generates the grid from a new option, keeping the existing variants, and saves it with costs in integer cents', async () => {
    const user = userEvent.setup();
    signInOperator(EDITOR);
    const api = fakeApi();
    api.on(SAVE, () => ok(VARIANTS));
    const drawer = await openEditor(user);
    expect(within(drawer).getByLabelText('Value 1 of Size')).toHaveValue('M');

    await user.click(within(drawer).getByRole('button', { name: 'Add option' }));
    await enter(user, within(drawer).getByLabelText('Name of option 2'), 'Colour');
    await enter(user, within(drawer).getByLabelText('Value 1 of Colour'), 'Black');
    await user.click(within(drawer).getByRole('button', { name: 'Add a value to Colour' }));
    await enter(user, within(drawer).getByLabelText('Value 2 of Colour'), 'Grey');
    // Reordered by keyboard: Grey first.
    within(drawer).getByRole('button', { name: 'Move Grey up' }).focus();
    await user.keyboard('{Enter}');
    expect(within(drawer).getByLabelText('Value 1 of Colour')).toHaveValue('Grey');

    expect(within(drawer).getByRole('heading', { name: 'Variants (4)' })).toBeInTheDocument();
    // The existing variants keep their SKU and cost; the new ones get a suggested SKU and the first's cost.
    expect(within(drawer).getByLabelText('SKU of M / Black')).toHaveValue('TEE-M');
    expect(within(drawer).getByLabelText('SKU of L / Black')).toHaveValue('TEE-L');
    expect(within(drawer).getByLabelText('Cost of L / Black (USD)')).toHaveValue('13.99');
    expect(within(drawer).getByLabelText('SKU of M / Grey')).toHaveValue('TEE-M-GREY');
    expect(within(drawer).getByLabelText('Cost of L / Grey (USD)')).toHaveValue('12.99');

    const cost = within(drawer).getByLabelText('Cost of M / Grey (USD)');
    await enter(user, cost, '14.5');
    await user.click(within(drawer).getByRole('switch', { name: 'L / Grey on sale' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Variants saved')).toBeInTheDocument();
    const body = sent(api);
    expect(body?.options).toEqual([
      {
        name: 'Size',
        names: { es: 'Talla' },
        values: [
          { value: 'M', values: {} },
          { value: 'L', values: {} },
        ],
      },
      {
        name: 'Colour',
        names: {},
        values: [
          { value: 'Grey', values: {} },
          { value: 'Black', values: {} },
        ],
      },
    ]);
    expect(
      body?.variants.map((v) => [v.id, v.values, v.sku, v.platformPriceMinor, v.stock, v.status]),
    ).toEqual([
      [undefined, ['M', 'Grey'], 'TEE-M-GREY', 1450, 5, 1],
      ['100', ['M', 'Black'], 'TEE-M', 1299, 5, 1],
      [undefined, ['L', 'Grey'], 'TEE-L-GREY', 1299, 5, 0],
      ['101', ['L', 'Black'], 'TEE-L', 1399, 2, 1],
    ]);
    // Never a float: every cost is a whole number of cents.
    expect(body?.variants.every((v) => Number.isInteger(v.platformPriceMinor))).toBe(true);
    expect(body?.variants[3]).toMatchObject({ imageUrl: '/files/product/tee-back.png', weightGrams: 220 });
    // The drawer closes; the table is read again.
    await waitFor(() => expect(screen.queryByLabelText('SKU of M / Black')).not.toBeInTheDocument());
  });

  it('sets a column at once for the selected variants or for all of them', async () => {
    const user = userEvent.setup();
    signInOperator(EDITOR);
    const api = fakeApi();
    api.on(SAVE, () => ok(VARIANTS));
    const drawer = await openEditor(user);
    const bulk = within(drawer).getByRole('group', { name: 'Set a column' });
    expect(within(bulk).getByRole('button', { name: 'Set for the 0 selected' })).toBeDisabled();

    await user.click(within(drawer).getByRole('checkbox', { name: 'Select L' }));
    await enter(user, within(bulk).getByLabelText('Value to set'), '9.999');
    await user.click(within(bulk).getByRole('button', { name: 'Set for the 1 selected' }));
    expect(
      within(bulk).getByText('Enter an amount from 0.01 to 100000.00 with at most two decimals'),
    ).toBeInTheDocument();
    await enter(user, within(bulk).getByLabelText('Value to set'), '20');
    await user.click(within(bulk).getByRole('button', { name: 'Set for the 1 selected' }));
    expect(within(drawer).getByLabelText('Cost of L (USD)')).toHaveValue('20');
    expect(within(drawer).getByLabelText('Cost of M (USD)')).toHaveValue('12.99');

    await user.click(within(bulk).getByRole('combobox', { name: 'Column to set' }));
    const option = (await screen.findAllByTitle('Stock')).find((el) => el.closest('.ant-select-item-option'));
    if (!option) throw new Error('no Stock option');
    await user.click(option);
    await enter(user, within(bulk).getByLabelText('Value to set'), '40');
    await user.click(within(bulk).getByRole('button', { name: 'Set for all' }));
    expect(within(drawer).getByLabelText('Stock of M')).toHaveValue('40');
    expect(within(drawer).getByLabelText('Stock of L')).toHaveValue('40');

    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(api)).toBeDefined());
    expect(sent(api)?.variants.map((v) => [v.sku, v.platformPriceMinor, v.stock])).toEqual([
      ['TEE-M', 1299, 40],
      ['TEE-L', 2000, 40],
    ]);
  });

  it('puts a refusal of the server on its cell and saves nothing more; a bad cost is stopped before sending', async () => {
    const user = userEvent.setup();
    signInOperator(EDITOR);
    const api = fakeApi();
    api.on(SAVE, () =>
      fail('A0400', 'The SKU MUG-1 belongs to another product.', {
        fields: [{ field: 'variants.1.sku', message: 'The SKU MUG-1 belongs to another product.' }],
      }),
    );
    const drawer = await openEditor(user);

    const cost = within(drawer).getByLabelText('Cost of M (USD)');
    await enter(user, cost, '1.234');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(
      await within(drawer).findByText('Enter an amount from 0.01 to 100000.00 with at most two decimals'),
    ).toBeInTheDocument();
    expect(cost).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(SAVE)).toHaveLength(0);

    await enter(user, cost, '11');
    const sku = within(drawer).getByLabelText('SKU of L');
    await enter(user, sku, 'MUG-1');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    const error = await within(drawer).findByText('The SKU MUG-1 belongs to another product.');
    expect(sku).toHaveAttribute('aria-invalid', 'true');
    expect(sku).toHaveAttribute('aria-describedby', error.id);
    expect(sent(api)?.variants.map((v) => [v.sku, v.platformPriceMinor])).toEqual([
      ['TEE-M', 1100],
      ['MUG-1', 1399],
    ]);
    // Still open, with what was typed; typing again clears the cell's error.
    await user.type(sku, 'X');
    expect(within(drawer).queryByText('The SKU MUG-1 belongs to another product.')).not.toBeInTheDocument();
  });

  it('the Variants action and the stock import need catalog:product:edit; the export catalog:product:query', async () => {
    signInOperator(['catalog:product:query']);
    fakeApi();
    await renderConsolePage(ProductPage);
    await findRow('Plain tee');
    expect(screen.queryByRole('button', { name: /^Variants of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import stock' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export stock' })).toBeInTheDocument();
  });
});

describe('stock by SKU', () => {
  it('exports every variant’s stock as an .xlsx for the browser to save', async () => {
    const user = userEvent.setup();
    signInOperator(EDITOR);
    const api = fakeApi();
    const exports: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      if (url.pathname !== '/api/v1/catalog/stock/export') return api.fetch(input, init);
      exports.push(url);
      return new Response('xlsx-bytes', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="stock-20250301.xlsx"',
        },
      });
    });
    const createObjectURL = vi.fn(() => 'blob:stock');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderConsolePage(ProductPage);
    await user.click(await screen.findByRole('button', { name: 'Export stock' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(exports).toHaveLength(1);
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });

  it('imports a sheet: how many variants changed, or every refused row when nothing was written', async () => {
    // A dropped file is not filtered by the input's `accept`: the dialog checks it itself.
    const user = userEvent.setup({ applyAccept: false });
    signInOperator(EDITOR);
    const api = fakeApi();
    let attempts = 0;
    api.on('POST /api/v1/catalog/stock/import', () => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'Nothing was imported: fix rows 3, 5 and import the file again.', {
            fields: [
              { field: 'rows.3', message: 'Row 3: no variant has the SKU NOPE-1.' },
              { field: 'rows.5', message: 'Row 5: the stock “1.5” is not a whole number from 0 to 1000000.' },
            ],
          })
        : ok({ updated: 3, unchanged: 40 });
    });
    await renderConsolePage(ProductPage);
    await user.click(await screen.findByRole('button', { name: 'Import stock' }));
    const dialog = await findDialog('Import stock');
    const fileInput = () => {
      const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
      if (!input) throw new Error('no file input');
      return input;
    };
    await user.upload(fileInput(), new File(['a,b'], 'stock.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('Only .xlsx workbooks can be imported')).toBeInTheDocument();

    await user.upload(fileInput(), new File(['xlsx'], 'stock.xlsx'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Row 3: no variant has the SKU NOPE-1.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Row 5: the stock “1.5” is not a whole number from 0 to 1000000.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Nothing was imported: fix rows 3, 5 and import the file again.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('3 variants updated, 40 unchanged')).toBeInTheDocument();
    const body = api.callsTo('POST /api/v1/catalog/stock/import')[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
  });
});
