import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDictPageItem, TRouteNode } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { usePermissionStore } from '../../shared/router/dynamic-routes';
import { fail, ok } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import {
  findDialog,
  findRow,
  installFakeApi,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import DictPage from './dict-page';

const row = (id: string, name: string, dictCode: string): TDictPageItem => ({
  id,
  name,
  dictCode,
  remark: '',
  status: 1,
  createTime: '2025-03-01 10:00:00',
  updateTime: '2025-03-01 10:00:00',
});
const GENDER = { ...row('1', 'Gender', 'gender'), remark: 'How people describe themselves' };
const LEVEL = { ...row('3', 'Notice level', 'notice_level'), status: 0 as const };
const ALL = ['sys:dict:query', 'sys:dict:add', 'sys:dict:edit', 'sys:dict:delete', 'sys:dict-data:query'];

function fakeApi() {
  return installFakeApi({
    'GET /api/v1/dict/page': () => ok({ list: [GENDER, LEVEL], total: 2 }),
    'GET /api/v1/dict/1/form': () =>
      ok({ id: '1', name: 'Gender', dictCode: 'gender', remark: GENDER.remark, status: 1 }),
  });
}

afterEach(() => {
  signOutOperator();
  usePermissionStore.getState().reset();
});

describe('DictPage', () => {
  it('lists the dictionaries with every action for an operator holding the permissions', async () => {
    signInOperator(ALL);
    fakeApi();
    await renderConsolePage(DictPage);
    expect(await screen.findByRole('heading', { name: 'Dictionaries' })).toBeInTheDocument();
    const gender = await findRow('Gender');
    expect(gender).toHaveTextContent('gender');
    expect(gender).toHaveTextContent('Enabled');
    expect(gender).toHaveTextContent('How people describe themselves');
    expect(await findRow('Notice level')).toHaveTextContent('Disabled');
    expect(within(gender).getByRole('link', { name: 'Items of Gender' })).toHaveAttribute(
      'href',
      '/system/dict-data?dictCode=gender',
    );
    expect(within(gender).getByRole('button', { name: 'Edit Gender' })).toBeInTheDocument();
    expect(within(gender).getByRole('button', { name: 'Delete Gender' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });

  it('hides every action the operator lacks the permission for', async () => {
    signInOperator(['sys:dict:query']);
    fakeApi();
    await renderConsolePage(DictPage);
    expect(await findRow('Gender')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add|Delete|Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Items of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("links to the items page wherever the operator's menus put it, and opens it", async () => {
    const user = userEvent.setup();
    signInOperator(['sys:dict-data:query']);
    fakeApi();
    const node = (path: string, component: string, children?: TRouteNode[]): TRouteNode => ({
      path,
      component,
      name: path,
      meta: { title: path, hidden: false, keepAlive: false, alwaysShow: false },
      ...(children ? { children } : {}),
    });
    usePermissionStore
      .getState()
      .setRoutes([
        node('/settings', 'Layout', [node('dict', 'system/dict/index'), node('words', 'system/dict/data')]),
      ]);
    const { router } = await renderWithApp(
      [
        { path: '/page', Component: DictPage },
        { path: '/settings/words', Component: () => <p>Items page</p> },
      ],
      '/page',
    );
    await user.click(await screen.findByRole('link', { name: 'Items of Gender' }));
    expect(await screen.findByText('Items page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?dictCode=gender');
  });

  it('adds a dictionary: checks the code, shows server field errors, saves and reloads the cache', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:dict:add']);
    const api = fakeApi();
    let attempts = 0;
    api.on('POST /api/v1/dict', ({ body }) => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'Some fields are not valid', {
            fields: [{ field: 'dictCode', message: 'dictCode is already in use.' }],
          })
        : ok({ id: '9', remark: '', status: 1, ...(body as object) });
    });
    await renderConsolePage(DictPage);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await findDialog('Add dictionary');

    await user.type(within(dialog).getByLabelText('Code'), 'Shirt-Size');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter Name')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Start with a lower-case letter; use lower-case letters, digits and _ only'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/dict')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Shirt size');
    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), 'gender');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('dictCode is already in use.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), 'shirt_size');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/dict')[1]?.body).toEqual({
      name: 'Shirt size',
      dictCode: 'shirt_size',
      remark: '',
      status: 1,
    });
    await waitFor(() => expect(api.callsTo('GET /api/v1/dict/list').length).toBeGreaterThan(0));
  });

  it('edits a dictionary, saying that a new code takes its items along', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:dict:edit']);
    const api = fakeApi();
    api.on('PUT /api/v1/dict/1', ({ body }) => ok({ id: '1', ...(body as object) }));
    await renderConsolePage(DictPage);
    await user.click(await screen.findByRole('button', { name: 'Edit Gender' }));
    const dialog = await findDialog('Edit dictionary');
    await waitFor(() => expect(within(dialog).getByLabelText('Code')).toHaveValue('gender'));
    expect(dialog).toHaveTextContent('A new code keeps the items: they move with it.');
    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), 'sex');
    await user.click(within(dialog).getByRole('radio', { name: 'Disabled' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/dict/1')[0]?.body).toEqual({
      name: 'Gender',
      dictCode: 'sex',
      remark: GENDER.remark,
      status: 0,
    });
  });

  it('deletes the selected dictionaries with their items after confirmation', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:dict:delete']);
    const api = fakeApi();
    api.on('DELETE /api/v1/dict/1%2C3', () => ok(null));
    await renderConsolePage(DictPage);
    await user.click(within(await findRow('Gender')).getByRole('checkbox'));
    await user.click(within(await findRow('Notice level')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = await findDialog('Confirm deletion');
    expect(confirm).toHaveTextContent('Delete the 2 selected dictionaries and all their items?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/dict/1%2C3')).toHaveLength(1);
  });
});
