import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDictItemPageItem } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { fail, ok } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import {
  findDialog,
  findRow,
  installFakeApi,
  lastQuery,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import DictItemsPage from './dict-items-page';

const NO_LABELS = { es: '', pt: '', 'zh-cn': '', fr: '' };
const item = (id: string, value: string, label: string, extra: Partial<TDictItemPageItem> = {}) => ({
  id,
  dictCode: 'gender',
  value,
  label,
  labels: NO_LABELS,
  tagType: '' as const,
  sort: Number(id),
  status: 1 as const,
  createTime: '2025-03-01 10:00:00',
  updateTime: '2025-03-01 10:00:00',
  ...extra,
});
const MALE = item('1', '1', 'Male', {
  labels: { es: 'Masculino', pt: 'Masculino', 'zh-cn': '男', fr: 'Homme' },
  tagType: 'primary',
});
const FEMALE = item('2', '2', 'Female', { labels: { ...NO_LABELS, es: 'Femenino' }, tagType: 'danger' });
const UNSAID = item('3', '0', 'Prefer not to say', { status: 0 });
const ALL = ['sys:dict-data:query', 'sys:dict-data:add', 'sys:dict-data:edit', 'sys:dict-data:delete'];
const PAGE = 'GET /api/v1/dict-data/page';

function fakeApi() {
  return installFakeApi({
    [PAGE]: () => ok({ list: [MALE, FEMALE, UNSAID], total: 3 }),
    'GET /api/v1/dict-data/1/form': () => {
      const { createTime: _created, updateTime: _updated, ...form } = MALE;
      return ok(form);
    },
  });
}

const renderItems = (search = '?dictCode=gender') =>
  renderWithApp(
    [
      { path: '/page', Component: DictItemsPage },
      { path: '/system/dict', Component: () => <p>Dictionaries page</p> },
    ],
    `/page${search}`,
  );

afterEach(signOutOperator);

describe('DictItemsPage', () => {
  it("lists the items of the dictionary in the query, each with its tag, in the interface's language", async () => {
    signInOperator(ALL);
    const api = fakeApi();
    await renderItems();
    expect(await screen.findByRole('heading', { name: 'Dictionary items: gender' })).toBeInTheDocument();
    const male = await findRow('Male');
    expect(lastQuery(api, PAGE)).toEqual({ dictCode: 'gender', pageNum: '1', pageSize: '10' });
    expect(within(male).getByText('Male').closest('.ant-tag')).toHaveClass('ant-tag-processing');
    expect(within(await findRow('Prefer not to say')).getByText('Disabled')).toBeInTheDocument();
    expect(within(male).getByRole('button', { name: 'Edit Male' })).toBeInTheDocument();
    expect(within(male).getByRole('button', { name: 'Delete Male' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to dictionaries/ })).toHaveAttribute(
      'href',
      '/system/dict',
    );

    act(() => useAppPreferences.getState().setLanguage('es'));
    expect(await findRow('Masculino')).toBeInTheDocument();
    // No Spanish label: English.
    expect(await findRow('Prefer not to say')).toBeInTheDocument();
  });

  it('searches within the dictionary', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:dict-data:query']);
    const api = fakeApi();
    await renderItems();
    await findRow('Male');
    const search = screen.getByRole('search', { name: 'Search' });
    await user.type(within(search).getByLabelText('Keywords'), 'fem');
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(lastQuery(api, PAGE)).toEqual({
        dictCode: 'gender',
        keywords: 'fem',
        pageNum: '1',
        pageSize: '10',
      }),
    );
    expect(screen.queryByRole('button', { name: /Add|Delete|Edit/ })).not.toBeInTheDocument();
  });

  it('without a dictionary says so and links back', async () => {
    signInOperator(ALL);
    const api = fakeApi();
    await renderItems('');
    expect(await screen.findByText(/No dictionary chosen/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: /Back to dictionaries/ }));
    expect(await screen.findByText('Dictionaries page')).toBeInTheDocument();
    expect(api.callsTo(PAGE)).toHaveLength(0);
  });

  it('adds an item with a label per language and a tag type, with server field errors on their fields', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:dict-data:add']);
    const api = fakeApi();
    let attempts = 0;
    api.on('POST /api/v1/dict-data', ({ body }) => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'Some fields are not valid', {
            fields: [
              { field: 'value', message: 'value is already in use.' },
              { field: 'labels.fr', message: 'labels.fr must have at most 128 characters' },
            ],
          })
        : ok({ id: '9', ...(body as object) });
    });
    await renderItems();
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await findDialog('Add item');
    expect(within(dialog).getByLabelText('Dictionary')).toHaveValue('gender');
    expect(within(dialog).getByLabelText('Label (简体中文)')).toHaveAttribute(
      'placeholder',
      'Empty: the English label is shown',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter Value')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter Label')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Value'), '9');
    await user.type(within(dialog).getByLabelText('Label (English)'), 'Other');
    await user.type(within(dialog).getByLabelText('Label (Español)'), 'Otro');
    await user.type(within(dialog).getByLabelText('Label (Français)'), 'Autre');
    const preview = within(dialog).getByLabelText('Preview');
    expect(within(preview).getByText('Other').closest('.ant-tag')).not.toHaveClass('ant-tag-warning');
    await user.click(within(dialog).getByLabelText('Tag type'));
    const warning = await waitFor(() => {
      const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (element) => element.textContent === 'Warning',
      );
      if (!option) throw new Error('no Warning option');
      return option;
    });
    expect(within(warning).getByText('Warning').closest('.ant-tag')).toHaveClass('ant-tag-warning');
    await user.click(warning);
    await waitFor(() =>
      expect(within(preview).getByText('Other').closest('.ant-tag')).toHaveClass('ant-tag-warning'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('value is already in use.')).toBeInTheDocument();
    expect(within(dialog).getByText('labels.fr must have at most 128 characters')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/dict-data')[1]?.body).toEqual({
      dictCode: 'gender',
      value: '9',
      label: 'Other',
      labels: { es: 'Otro', pt: '', 'zh-cn': '', fr: 'Autre' },
      tagType: 'warning',
      sort: 0,
      status: 1,
    });
    await waitFor(() => expect(api.callsTo('GET /api/v1/dict/list').length).toBeGreaterThan(0));
  });

  it('edits an item: every language in its own field', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:dict-data:edit']);
    const api = fakeApi();
    api.on('PUT /api/v1/dict-data/1', ({ body }) => ok({ id: '1', ...(body as object) }));
    await renderItems();
    await user.click(await screen.findByRole('button', { name: 'Edit Male' }));
    const dialog = await findDialog('Edit item');
    await waitFor(() => expect(within(dialog).getByLabelText('Label (Français)')).toHaveValue('Homme'));
    expect(within(dialog).getByLabelText('Label (简体中文)')).toHaveValue('男');
    await user.clear(within(dialog).getByLabelText('Label (Português)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/dict-data/1')[0]?.body).toEqual({
      dictCode: 'gender',
      value: '1',
      label: 'Male',
      labels: { es: 'Masculino', pt: '', 'zh-cn': '男', fr: 'Homme' },
      tagType: 'primary',
      sort: 1,
      status: 1,
    });
  });

  it('deletes an item after confirmation', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:dict-data:delete']);
    const api = fakeApi();
    api.on('DELETE /api/v1/dict-data/2', () => ok(null));
    await renderItems();
    await user.click(await screen.findByRole('button', { name: 'Delete Female' }));
    const confirm = await findDialog('Confirm deletion');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/dict-data/2')).toHaveLength(1);
  });
});
