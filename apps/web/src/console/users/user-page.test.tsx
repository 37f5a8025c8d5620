import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDeptOption, TUserPageItem } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { filterDeptTree } from './dept-tree';
import UserPage from './user-page';

const user = (id: string, username: string, extra: Partial<TUserPageItem> = {}): TUserPageItem => ({
  id,
  username,
  nickname: username,
  mobile: null,
  gender: 0,
  avatar: null,
  email: null,
  status: 1,
  deptId: '2',
  deptName: 'Engineering',
  roleNames: 'Guest',
  createTime: '2025-03-01 10:00:00',
  ...extra,
});
const ALICE = user('5', 'alice', {
  nickname: 'Alice',
  gender: 2,
  mobile: '+34600111222',
  roleNames: 'Guest,Editor',
});
const BOB = user('6', 'bob', { nickname: 'Bob', status: 0, deptName: 'Quality' });
// The signed-in operator (test support signs in user 2).
const ME = user('2', 'admin', { nickname: 'Admin' });

const DEPTS: TDeptOption[] = [
  {
    value: '1',
    label: 'LinkStore',
    children: [
      { value: '2', label: 'Engineering', children: [{ value: '4', label: 'Web' }] },
      { value: '3', label: 'Quality' },
    ],
  },
];
const ALL = [
  'sys:user:query',
  'sys:user:add',
  'sys:user:edit',
  'sys:user:delete',
  'sys:user:password:reset',
  'sys:user:import',
  'sys:user:export',
  'sys:dept:query',
  'sys:role:query',
];

function fakeApi() {
  return installFakeApi({
    'GET /api/v1/users/page': () => ok({ list: [ALICE, BOB, ME], total: 3 }),
    'GET /api/v1/dept/options': () => ok(DEPTS),
    'GET /api/v1/roles/options': () =>
      ok([
        { value: '3', label: 'Guest' },
        { value: '7', label: 'Editor' },
      ]),
    'GET /api/v1/users/5/form': () =>
      ok({
        id: '5',
        username: 'alice',
        nickname: 'Alice',
        mobile: '+34600111222',
        gender: 2,
        avatar: null,
        email: 'alice@example.com',
        status: 1,
        deptId: '2',
        roleIds: ['3', '7'],
      }),
  });
}

afterEach(() => {
  signOutOperator();
  vi.unstubAllGlobals();
});

describe('UserPage', () => {
  it('shows the department tree and the users with every action for a full operator', async () => {
    signInOperator(ALL);
    fakeApi();
    await renderConsolePage(UserPage);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    const alice = await findRow('alice');
    expect(alice).toHaveTextContent('Alice');
    expect(alice).toHaveTextContent('Female');
    expect(alice).toHaveTextContent('Engineering');
    expect(alice).toHaveTextContent('Editor');
    expect(within(alice).getByRole('switch', { name: 'Alice enabled' })).toBeChecked();
    expect(within(await findRow('bob')).getByRole('switch', { name: 'Bob enabled' })).not.toBeChecked();
    for (const name of ['Edit Alice', 'Reset password: Alice', 'Delete Alice']) {
      expect(within(alice).getByRole('button', { name })).toBeInTheDocument();
    }
    // Never oneself: no delete, no status switch.
    const me = await findRow('admin');
    expect(within(me).queryByRole('button', { name: 'Delete Admin' })).not.toBeInTheDocument();
    expect(within(me).queryByRole('switch')).not.toBeInTheDocument();
    for (const name of ['Add', 'Delete selected', 'Import', 'Export']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    const tree = await screen.findByRole('tree', { name: 'Department tree' });
    expect(await within(tree).findByText('Web')).toBeInTheDocument();
  });

  it('hides every action without the permissions, and keeps the department tree for a list-only operator', async () => {
    signInOperator(['sys:user:query']);
    const api = fakeApi();
    await renderConsolePage(UserPage);
    expect(await findRow('alice')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /^(Add|Delete|Edit|Import|Export|Reset password)/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // The server lets sys:user:query read the department options (any-of access), so the tree shows.
    expect(await screen.findByRole('tree', { name: 'Department tree' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/dept/options')).toHaveLength(1);
  });

  it('lists a department (and those below it) from the tree, and filters the tree', async () => {
    const u = userEvent.setup();
    signInOperator(ALL);
    const api = fakeApi();
    await renderConsolePage(UserPage);
    const tree = await screen.findByRole('tree', { name: 'Department tree' });
    await u.click(await within(tree).findByText('Engineering'));
    await waitFor(() => expect(lastQuery(api, 'GET /api/v1/users/page')).toMatchObject({ deptId: '2' }));
    await u.click(screen.getByRole('button', { name: 'All departments' }));
    await waitFor(() => expect(lastQuery(api, 'GET /api/v1/users/page').deptId).toBeUndefined());

    await u.type(screen.getByRole('textbox', { name: 'Search departments' }), 'web');
    await waitFor(() => expect(within(tree).queryByText('Quality')).not.toBeInTheDocument());
    expect(within(screen.getByRole('tree')).getByText('Web')).toBeInTheDocument();
    expect(filterDeptTree(DEPTS, 'qual')).toEqual([
      { value: '1', label: 'LinkStore', children: [{ value: '3', label: 'Quality' }] },
    ]);
  });

  it('searches by keywords and status, and sorts by a column', async () => {
    const u = userEvent.setup();
    signInOperator(ALL);
    const api = fakeApi();
    await renderConsolePage(UserPage);
    await findRow('alice');
    await u.type(screen.getByRole('textbox', { name: 'Keywords' }), 'ali');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/users/page')).toMatchObject({ keywords: 'ali', pageNum: '1' }),
    );
    await u.click(screen.getByText('Username', { selector: 'th *' }));
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/users/page')).toMatchObject({
        keywords: 'ali',
        field: 'username',
        direction: 'ASC',
      }),
    );
  });

  it('adds a user: password and confirmation, roles required, server field errors shown', async () => {
    const u = userEvent.setup();
    signInOperator(ALL);
    const api = fakeApi();
    let attempts = 0;
    api.on('POST /api/v1/users', ({ body }) => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'username is already in use.', {
            fields: [{ field: 'username', message: 'username is already in use.' }],
          })
        : ok({ id: '9', ...(body as object), avatar: null, deptId: null, email: null, mobile: null });
    });
    await renderConsolePage(UserPage);
    await u.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await findDialog('Add user');
    await u.type(within(dialog).getByLabelText('Username'), 'carol');
    await u.type(within(dialog).getByLabelText('Nickname'), 'Carol');
    await u.type(within(dialog).getByLabelText('Password'), 'first-pass-9');
    await u.type(within(dialog).getByLabelText('Confirm password'), 'other-pass-9');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The two passwords do not match')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please select at least one role')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/users')).toHaveLength(0);

    await u.clear(within(dialog).getByLabelText('Confirm password'));
    await u.type(within(dialog).getByLabelText('Confirm password'), 'first-pass-9');
    await u.click(within(dialog).getByLabelText('Roles'));
    await u.click(await screen.findByTitle('Editor'));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('username is already in use.')).toBeInTheDocument();

    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/users')[1]?.body).toEqual({
      username: 'carol',
      nickname: 'Carol',
      password: 'first-pass-9',
      roleIds: ['7'],
      gender: 0,
      status: 1,
    });
  });

  it('edits a user with the form loaded from the server (no password field)', async () => {
    const u = userEvent.setup();
    signInOperator(ALL);
    const api = fakeApi();
    api.on('PUT /api/v1/users/5', ({ body }) => ok({ id: '5', ...(body as object) }));
    await renderConsolePage(UserPage);
    await u.click(await screen.findByRole('button', { name: 'Edit Alice' }));
    const dialog = await findDialog('Edit user');
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveValue('alice@example.com'));
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toBeDisabled();
    await u.clear(within(dialog).getByLabelText('Nickname'));
    await u.type(within(dialog).getByLabelText('Nickname'), 'Alice W.');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/users/5')[0]?.body).toMatchObject({
      username: 'alice',
      nickname: 'Alice W.',
      email: 'alice@example.com',
      deptId: '2',
      roleIds: ['3', '7'],
      gender: 2,
    });
  });

  it('disables a user after a confirmation, and resets a password from the body', async () => {
    const u = userEvent.setup();
    signInOperator(ALL);
    const api = fakeApi();
    api.on('PATCH /api/v1/users/5/status', () => ok(null));
    api.on('PUT /api/v1/users/5/password/reset', () => ok(null));
    await renderConsolePage(UserPage);
    await u.click(within(await findRow('alice')).getByRole('switch', { name: 'Alice enabled' }));
    const confirm = await findDialog('Disable this user?');
    await u.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Alice is disabled and signed out everywhere')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/v1/users/5/status')[0]?.url.searchParams.get('status')).toBe('0');

    await u.click(screen.getByRole('button', { name: 'Reset password: Alice' }));
    const dialog = await findDialog('Reset password of Alice');
    await u.type(within(dialog).getByLabelText('Password'), 'fresh-pass-2');
    await u.type(within(dialog).getByLabelText('Confirm password'), 'fresh-pass-2');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The password of Alice has been reset')).toBeInTheDocument();
    const reset = api.callsTo('PUT /api/v1/users/5/password/reset')[0];
    expect(reset?.body).toEqual({ password: 'fresh-pass-2' });
    expect(reset?.url.search).toBe('');
  });

  it('imports a workbook and shows the counts and every refused row', async () => {
    // A dropped file is not filtered by the input's `accept`: the dialog checks it itself.
    const u = userEvent.setup({ applyAccept: false });
    signInOperator(ALL);
    const api = fakeApi();
    api.on('POST /api/v1/users/import', () =>
      ok({
        validCount: 2,
        invalidCount: 2,
        messageList: [
          { row: 4, message: 'Username is missing' },
          { row: 7, message: 'Role code "NOPE" does not exist' },
        ],
      }),
    );
    await renderConsolePage(UserPage);
    await u.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await findDialog('Import users');
    // The uploader replaces its input after each pick.
    const fileInput = () => {
      const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
      if (!input) throw new Error('no file input');
      return input;
    };

    await u.upload(fileInput(), new File(['a,b'], 'users.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('Only .xlsx workbooks can be imported')).toBeInTheDocument();

    await u.upload(fileInput(), new File(['xlsx'], 'users.xlsx'));
    await u.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('2 imported, 2 refused')).toBeInTheDocument();
    expect(within(dialog).getByText('Row 4')).toBeInTheDocument();
    expect(within(dialog).getByText('Username is missing')).toBeInTheDocument();
    expect(within(dialog).getByText('Role code "NOPE" does not exist')).toBeInTheDocument();
    const sent = api.callsTo('POST /api/v1/users/import')[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBeInstanceOf(File);
    // The list is fetched again: users were added.
    await waitFor(() => expect(api.callsTo('GET /api/v1/users/page').length).toBeGreaterThan(1));
  });

  it('exports with the current filters and hands the file to the browser', async () => {
    const u = userEvent.setup();
    signInOperator(ALL);
    const api = fakeApi();
    const exports: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      if (url.pathname !== '/api/v1/users/export') return api.fetch(input, init);
      exports.push(url);
      return new Response('xlsx-bytes', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="users-20250301.xlsx"',
        },
      });
    });
    const createObjectURL = vi.fn(() => 'blob:users');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderConsolePage(UserPage);
    await findRow('alice');
    await u.type(screen.getByRole('textbox', { name: 'Keywords' }), 'ali');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await u.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(exports[0]?.searchParams.get('keywords')).toBe('ali');
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });
});
