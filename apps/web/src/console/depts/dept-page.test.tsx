import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDept, TDeptOption } from '@linkstore/contract';
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
import DeptPage from './dept-page';

const dept = (
  id: string,
  parentId: string,
  name: string,
  code: string,
  extra: Partial<TDept> = {},
): TDept => ({
  id,
  parentId,
  name,
  code,
  sort: Number(id),
  status: 1,
  createTime: '2025-03-01 10:00:00',
  updateTime: '2025-03-01 10:00:00',
  ...extra,
});
const TREE: TDept[] = [
  {
    ...dept('1', '0', 'LinkStore', 'LINKSTORE'),
    children: [dept('2', '1', 'Research', 'RD001'), dept('3', '1', 'Quality', 'QA001', { status: 0 })],
  },
];
const OPTIONS: TDeptOption[] = [
  {
    value: '1',
    label: 'LinkStore',
    children: [
      { value: '2', label: 'Research' },
      { value: '3', label: 'Quality' },
    ],
  },
];
const LIST = 'GET /api/v1/dept';
const ALL = ['sys:dept:query', 'sys:dept:add', 'sys:dept:edit', 'sys:dept:delete'];

function fakeApi() {
  return installFakeApi({
    [LIST]: () => ok(TREE),
    'GET /api/v1/dept/options': () => ok(OPTIONS),
    'GET /api/v1/dept/1/form': () =>
      ok({ id: '1', name: 'LinkStore', code: 'LINKSTORE', parentId: '0', status: 1, sort: 1 }),
  });
}

afterEach(signOutOperator);

describe('DeptPage', () => {
  it('shows the department tree opened, with every action for an operator holding the permissions', async () => {
    signInOperator(ALL);
    fakeApi();
    await renderConsolePage(DeptPage);
    expect(await screen.findByRole('heading', { name: 'Departments' })).toBeInTheDocument();
    const quality = await findRow('Quality');
    expect(quality).toHaveTextContent('QA001');
    expect(quality).toHaveTextContent('Disabled');
    expect(await findRow('Research')).toHaveTextContent('Enabled');
    const top = await findRow('LinkStore');
    for (const name of ['Add child department under LinkStore', 'Edit LinkStore', 'Delete LinkStore']) {
      expect(within(top).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(screen.queryByText('Quality')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(await findRow('Quality')).toBeInTheDocument();
  });

  it('hides the actions without the permissions', async () => {
    signInOperator(['sys:dept:query']);
    fakeApi();
    await renderConsolePage(DeptPage);
    expect(await findRow('Quality')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add|Delete|Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Actions')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('searches by keywords and status', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:dept:query']);
    const api = fakeApi();
    await renderConsolePage(DeptPage);
    await findRow('Quality');
    expect(lastQuery(api, LIST)).toEqual({});
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Keywords'), 'Qual');
    await user.click(within(search).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Disabled'));
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(lastQuery(api, LIST)).toEqual({ keywords: 'Qual', status: '0' }));
  });

  it('adds a department under another: validation, server field errors, saved with the parent', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:dept:add']);
    const api = fakeApi();
    let attempts = 0;
    api.on('POST /api/v1/dept', ({ body }) => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'Some fields are not valid', {
            fields: [{ field: 'code', message: 'code is already in use.' }],
          })
        : ok({ id: '9', ...(body as object) });
    });
    await renderConsolePage(DeptPage);
    await user.click(await screen.findByRole('button', { name: 'Add child department under LinkStore' }));
    const dialog = await findDialog('Add department');
    await waitFor(() => expect(within(dialog).getByTitle('LinkStore')).toBeInTheDocument());

    await user.type(within(dialog).getByLabelText('Department code'), 'no spaces');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter Department name')).toBeInTheDocument();
    expect(within(dialog).getByText('Use letters, digits, _ and - only')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Department name'), 'Support');
    await user.clear(within(dialog).getByLabelText('Department code'));
    await user.type(within(dialog).getByLabelText('Department code'), 'RD001');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('code is already in use.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Department code'));
    await user.type(within(dialog).getByLabelText('Department code'), 'SUP001');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/dept')[1]?.body).toEqual({
      parentId: '1',
      name: 'Support',
      code: 'SUP001',
      sort: 1,
      status: 1,
    });
  });

  it('edits a department; it and its branch cannot become its parent', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:dept:edit']);
    const api = fakeApi();
    api.on('PUT /api/v1/dept/1', ({ body }) => ok({ id: '1', ...(body as object) }));
    await renderConsolePage(DeptPage);
    await user.click(await screen.findByRole('button', { name: 'Edit LinkStore' }));
    const dialog = await findDialog('Edit department');
    await waitFor(() => expect(within(dialog).getByLabelText('Department code')).toHaveValue('LINKSTORE'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Parent department' }));
    const research = await waitFor(() => {
      const node = document.querySelector('.ant-select-dropdown [title="Research"]');
      if (!node) throw new Error('no Research option');
      return node;
    });
    expect(research.closest('.ant-select-tree-treenode')).toHaveClass('ant-select-tree-treenode-disabled');
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/dept/1')[0]?.body).toMatchObject({ parentId: '0', code: 'LINKSTORE' });
  });
});
