import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCategory, TCategoryOption } from '@linkstore/contract';
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
import CategoryPage from './category-page';

const category = (id: string, parentId: string, name: string, extra: Partial<TCategory> = {}): TCategory => ({
  id,
  parentId,
  label: name,
  name,
  names: {},
  iconUrl: null,
  sort: Number(id),
  status: 1,
  createTime: '2025-03-01 10:00:00',
  updateTime: '2025-03-01 10:00:00',
  ...extra,
});
const TREE: TCategory[] = [
  {
    ...category('1', '0', 'Apparel', { iconUrl: '/files/category/apparel.png', names: { es: 'Ropa' } }),
    children: [category('2', '1', 'T-shirts'), category('3', '1', 'Hoodies', { status: 0 })],
  },
  category('4', '0', 'Home'),
];
const FIRST_LEVEL: TCategoryOption[] = [
  { value: '1', label: 'Apparel' },
  { value: '4', label: 'Home' },
];
const TREE_ROUTE = 'GET /api/v1/catalog/categories';
const ALL = [
  'catalog:category:query',
  'catalog:category:add',
  'catalog:category:edit',
  'catalog:category:delete',
];

function fakeApi() {
  return installFakeApi({
    [TREE_ROUTE]: () => ok(TREE),
    'GET /api/v1/catalog/categories/options': () => ok(FIRST_LEVEL),
    'GET /api/v1/catalog/categories/1/form': () =>
      ok({
        id: '1',
        parentId: '0',
        name: 'Apparel',
        names: { es: 'Ropa' },
        iconUrl: '/files/category/apparel.png',
        sort: 1,
        status: 1,
      }),
  });
}

afterEach(signOutOperator);

describe('CategoryPage', () => {
  it('shows the two-level tree with icon, status and every action for an operator holding the permissions', async () => {
    signInOperator(ALL);
    fakeApi();
    await renderConsolePage(CategoryPage);
    expect(await screen.findByRole('heading', { name: 'Categories' })).toBeInTheDocument();
    const apparel = await findRow('Apparel');
    expect(within(apparel).getByRole('img', { name: 'Icon of Apparel' })).toBeInTheDocument();
    for (const name of ['Add sub-category under Apparel', 'Edit Apparel', 'Delete Apparel']) {
      expect(within(apparel).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(apparel).getByRole('switch', { name: 'Show Apparel' })).toBeChecked();
    expect(within(await findRow('Hoodies')).getByRole('switch', { name: 'Show Hoodies' })).not.toBeChecked();
    // Two levels only: no "add sub-category" under a second-level category.
    const shirts = await findRow('T-shirts');
    expect(within(shirts).queryByRole('button', { name: /sub-category/ })).not.toBeInTheDocument();
    expect(within(shirts).getByRole('button', { name: 'Edit T-shirts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add first-level category' })).toBeInTheDocument();
  });

  it('hides the actions without the permissions and shows the status as a tag', async () => {
    signInOperator(['catalog:category:query']);
    fakeApi();
    await renderConsolePage(CategoryPage);
    expect(await findRow('Hoodies')).toHaveTextContent('Disabled');
    expect(screen.queryByRole('button', { name: /Add|Delete|Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByText('Actions')).not.toBeInTheDocument();
  });

  it('searches by keywords and status', async () => {
    const user = userEvent.setup();
    signInOperator(['catalog:category:query']);
    const api = fakeApi();
    await renderConsolePage(CategoryPage);
    await findRow('Hoodies');
    expect(lastQuery(api, TREE_ROUTE)).toEqual({});
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Keywords'), 'hood');
    await user.click(within(search).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Disabled'));
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(lastQuery(api, TREE_ROUTE)).toEqual({ keywords: 'hood', status: '0' }));
  });

  it('adds a sub-category: English name required, server field errors, translations sent', async () => {
    const user = userEvent.setup();
    signInOperator(['catalog:category:add']);
    const api = fakeApi();
    let attempts = 0;
    api.on('POST /api/v1/catalog/categories', ({ body }) => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'Some fields are not valid', {
            fields: [{ field: 'parentId', message: 'The parent must be a first-level category.' }],
          })
        : ok({ id: '9', ...(body as object) });
    });
    await renderConsolePage(CategoryPage);
    await user.click(await screen.findByRole('button', { name: 'Add sub-category under Apparel' }));
    const dialog = await findDialog('Add category');
    await waitFor(() => expect(within(dialog).getByTitle('Apparel')).toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter Category name')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name (English)'), 'Caps');
    await user.type(within(dialog).getByLabelText('Name (Spanish)'), 'Gorras');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The parent must be a first-level category.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/catalog/categories')[1]?.body).toMatchObject({
      parentId: '1',
      name: 'Caps',
      names: { es: 'Gorras' },
      iconUrl: '',
      sort: 1,
      status: 1,
    });
  });

  it('edits a category with its translations loaded; it is not offered as its own parent', async () => {
    const user = userEvent.setup();
    signInOperator(['catalog:category:edit']);
    const api = fakeApi();
    api.on('PUT /api/v1/catalog/categories/1', ({ body }) => ok({ id: '1', ...(body as object) }));
    await renderConsolePage(CategoryPage);
    await user.click(await screen.findByRole('button', { name: 'Edit Apparel' }));
    const dialog = await findDialog('Edit category');
    await waitFor(() => expect(within(dialog).getByLabelText('Name (Spanish)')).toHaveValue('Ropa'));
    expect(within(dialog).getByLabelText('Name (English)')).toHaveValue('Apparel');
    await user.click(within(dialog).getByRole('combobox', { name: 'Parent category' }));
    await waitFor(() => expect(document.querySelector('.ant-select-dropdown [title="Home"]')).not.toBeNull());
    expect(document.querySelector('.ant-select-dropdown [title="Apparel"]')).toBeNull();
    await user.keyboard('{Escape}');
    await user.clear(within(dialog).getByLabelText('Name (French)'));
    await user.type(within(dialog).getByLabelText('Name (French)'), 'Vêtements');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/catalog/categories/1')[0]?.body).toMatchObject({
      parentId: '0',
      name: 'Apparel',
      names: { es: 'Ropa', fr: 'Vêtements' },
      iconUrl: '/files/category/apparel.png',
    });
  });

  it('deletes after confirmation and hides a category after confirmation', async () => {
    const user = userEvent.setup();
    signInOperator(['catalog:category:delete', 'catalog:category:edit']);
    const api = fakeApi();
    api.on('DELETE /api/v1/catalog/categories/4', () => ok(null));
    api.on('PATCH /api/v1/catalog/categories/1/status', () => ok(null));
    await renderConsolePage(CategoryPage);
    await user.click(await screen.findByRole('button', { name: 'Delete Home' }));
    const confirm = await findDialog('Confirm deletion');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/catalog/categories/4')).toHaveLength(1);

    await user.click(within(await findRow('Apparel')).getByRole('switch', { name: 'Show Apparel' }));
    const hide = await findDialog('Hide this category?');
    await user.click(within(hide).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Apparel is hidden')).toBeInTheDocument();
    expect(lastQuery(api, 'PATCH /api/v1/catalog/categories/1/status')).toEqual({ status: '0' });
  });
});
