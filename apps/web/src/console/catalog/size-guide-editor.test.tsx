import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCategory, TSizeGuide } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, type TFakeRequest } from '../../shared/test/fake-api';
import {
  findDialog,
  findRow,
  installFakeApi,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import CategoryPage from './category-page';
import { SizeGuideEditor } from './size-guide-editor';

const category = (id: string, parentId: string, name: string): TCategory => ({
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
});
const TREE: TCategory[] = [{ ...category('1', '0', 'Apparel'), children: [category('2', '1', 'T-shirts')] }];
const GUIDE: TSizeGuide = {
  categoryId: '2',
  columns: [
    { name: 'Chest', names: { es: 'Pecho' } },
    { name: 'Length', names: {} },
  ],
  rows: [
    { size: 'S', values: [480, 690] },
    { size: 'M', values: [520, 711] },
  ],
  note: 'Measured flat.',
  notes: {},
  updateTime: '2025-03-01 10:00:00',
};
const GUIDE_ROUTE = (id: string) => `/api/v1/catalog/categories/${id}/size-guide`;
const QUERY = 'catalog:category:query';
const EDIT = 'catalog:category:edit';

afterEach(signOutOperator);

/** The fake API with the tree and guides by category; PUT and DELETE answer as the server would. */
function fakeApi(
  guides: Record<string, TSizeGuide | null>,
  put?: (request: TFakeRequest) => ReturnType<typeof ok>,
) {
  const handlers: Parameters<typeof installFakeApi>[0] = {
    'GET /api/v1/catalog/categories': () => ok(TREE),
    'GET /api/v1/catalog/categories/options': () => ok([{ value: '1', label: 'Apparel' }]),
  };
  for (const [id, guide] of Object.entries(guides)) {
    handlers[`GET ${GUIDE_ROUTE(id)}`] = () => ok(guide);
    handlers[`PUT ${GUIDE_ROUTE(id)}`] = (request) =>
      put ? put(request) : ok({ ...GUIDE, ...(request.body as object), categoryId: id });
    handlers[`DELETE ${GUIDE_ROUTE(id)}`] = () => ok(null);
  }
  return installFakeApi(handlers);
}

function renderEditor(target: Pick<TCategory, 'id' | 'label' | 'parentId'>) {
  return renderConsolePage(function Page() {
    return <SizeGuideEditor category={target} onClose={() => undefined} />;
  });
}

describe('SizeGuideEditor', () => {
  it('opens from the category page on both levels, shows the guide in cm and saves edits in mm', async () => {
    const user = userEvent.setup();
    signInOperator([QUERY, EDIT]);
    const api = fakeApi({ '1': null, '2': GUIDE });
    await renderConsolePage(CategoryPage);
    expect(
      within(await findRow('Apparel')).getByRole('button', { name: 'Size guide of Apparel' }),
    ).toBeInTheDocument();
    await user.click(
      within(await findRow('T-shirts')).getByRole('button', { name: 'Size guide of T-shirts' }),
    );
    const dialog = await findDialog('Size guide: T-shirts');

    const chestOfM = await within(dialog).findByRole('spinbutton', { name: 'Chest of size M, in cm' });
    expect(chestOfM).toHaveValue('52.0');
    expect(within(dialog).getByRole('spinbutton', { name: 'Length of size M, in cm' })).toHaveValue('71.1');
    expect(within(dialog).getByRole('textbox', { name: 'Note (English)' })).toHaveValue('Measured flat.');

    // A value in cm with one decimal; Length moves before Chest, with its values.
    await user.clear(chestOfM);
    await user.type(chestOfM, '53.5');
    await user.click(within(dialog).getByRole('button', { name: 'Move Length up' }));
    // A new size at the end.
    await user.click(within(dialog).getByRole('button', { name: 'Add size' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Size 3' }), 'L');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Length of size L, in cm' }), '73');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Chest of size L, in cm' }), '56.2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(`PUT ${GUIDE_ROUTE('2')}`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${GUIDE_ROUTE('2')}`)[0]?.body).toEqual({
      columns: [
        { name: 'Length', names: { es: '', pt: '', 'zh-cn': '', fr: '' } },
        { name: 'Chest', names: { es: 'Pecho', pt: '', 'zh-cn': '', fr: '' } },
      ],
      rows: [
        { size: 'S', values: [690, 480] },
        { size: 'M', values: [711, 535] },
        { size: 'L', values: [730, 562] },
      ],
      note: 'Measured flat.',
      notes: { es: '', pt: '', 'zh-cn': '', fr: '' },
    });
    expect(await screen.findByText('Size guide saved')).toBeInTheDocument();
  });

  it('hides the action from an operator who may only look', async () => {
    signInOperator([QUERY]);
    fakeApi({});
    await renderConsolePage(CategoryPage);
    await findRow('T-shirts');
    expect(screen.queryByRole('button', { name: /Size guide/ })).not.toBeInTheDocument();
  });

  it('starts a new guide, asks for what is missing, and puts the server refusals on their fields', async () => {
    const user = userEvent.setup();
    signInOperator([QUERY, EDIT]);
    const api = fakeApi({ '1': null }, () =>
      fail('A0400', 'Some fields are not valid', {
        fields: [
          { field: 'rows.1.size', message: 'Another size already has this name.' },
          { field: 'columns.0.names.es', message: 'Another measurement already has this name.' },
          { field: 'rows', message: 'A size guide has at most 30 sizes.' },
        ],
      }),
    );
    await renderEditor({ id: '1', label: 'Apparel', parentId: '0' });
    const dialog = await findDialog('Size guide: Apparel');
    expect(await within(dialog).findByText(/has no size guide yet/)).toBeInTheDocument();
    // Nothing to delete yet.
    expect(within(dialog).queryByRole('button', { name: /Delete guide/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const name = within(dialog).getByRole('textbox', { name: 'Name of measurement 1 (English)' });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Required');
    expect(within(dialog).getByRole('textbox', { name: 'Size 1' })).toHaveAccessibleDescription('Required');
    expect(api.callsTo(`PUT ${GUIDE_ROUTE('1')}`)).toHaveLength(0);

    await user.type(name, 'Chest');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Translations of Chest' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Spanish' }), 'Pecho');
    await user.type(within(dialog).getByRole('textbox', { name: 'Size 1' }), 'M');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Chest of size M, in cm' }), '52');
    await user.click(within(dialog).getByRole('button', { name: 'Add size' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Size 2' }), 'm');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Chest of size m, in cm' }), '54');
    // The translations are closed again: an error in them opens them.
    await user.click(within(dialog).getByRole('button', { name: 'Translations of Chest' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Spanish' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(`PUT ${GUIDE_ROUTE('1')}`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${GUIDE_ROUTE('1')}`)[0]?.body).toMatchObject({
      columns: [{ name: 'Chest', names: { es: 'Pecho' } }],
      rows: [
        { size: 'M', values: [520] },
        { size: 'm', values: [540] },
      ],
    });
    const second = within(dialog).getByRole('textbox', { name: 'Size 2' });
    await waitFor(() => expect(second).toHaveAccessibleDescription('Another size already has this name.'));
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Spanish' })).toHaveAccessibleDescription(
      'Another measurement already has this name.',
    );
    expect(within(dialog).getByText('A size guide has at most 30 sizes.')).toBeInTheDocument();
    // Still open, with what was typed.
    expect(within(dialog).getByRole('textbox', { name: 'Size 1' })).toHaveValue('M');
  });

  it('removes sizes and measurements (never the last one) and deletes the guide after confirming', async () => {
    const user = userEvent.setup();
    signInOperator([QUERY, EDIT]);
    const api = fakeApi({ '2': GUIDE });
    await renderEditor({ id: '2', label: 'T-shirts', parentId: '1' });
    const dialog = await findDialog('Size guide: T-shirts');
    await within(dialog).findByRole('spinbutton', { name: 'Chest of size S, in cm' });
    expect(dialog).toHaveTextContent("this sub-category shows its parent category's guide");

    await user.click(within(dialog).getByRole('button', { name: 'Remove Chest' }));
    expect(within(dialog).getByRole('button', { name: 'Remove Length' })).toBeDisabled();
    expect(within(dialog).queryByRole('spinbutton', { name: /Chest/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove S' }));
    expect(within(dialog).getByRole('button', { name: 'Remove M' })).toBeDisabled();
    expect(within(dialog).getByRole('spinbutton', { name: 'Length of size M, in cm' })).toHaveValue('71.1');

    await user.click(within(dialog).getByRole('button', { name: /Delete guide/ }));
    const confirm = await findDialog('Confirm deletion');
    expect(confirm).toHaveTextContent("Products of this category will show its parent category's guide");
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${GUIDE_ROUTE('2')}`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${GUIDE_ROUTE('2')}`)).toHaveLength(0);
  });
});
