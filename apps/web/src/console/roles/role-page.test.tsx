import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMenuOption, TRolePageItem } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/test/fake-api';
import {
  findDialog,
  findRow,
  installFakeApi,
  renderConsolePage,
  signInOperator,
  signOutOperator,
  treeCheckbox,
} from '../shared/test-support';
import RolePage from './role-page';

const role = (id: string, name: string, code: string, extra: Partial<TRolePageItem> = {}): TRolePageItem => ({
  id,
  name,
  code,
  status: 1,
  sort: Number(id),
  dataScope: 0,
  createTime: '2025-03-01 10:00:00',
  updateTime: '2025-03-01 10:00:00',
  ...extra,
});
const ADMIN = role('2', 'System admin', 'ADMIN');
const GUEST = role('3', 'Visitor', 'GUEST', { status: 0, dataScope: 2 });

// System (1) ─ Users (2) ─ Add user (3), Edit user (4)
//            └ Roles (5) ─ Add role (6)
// Docs (7)
const MENU_TREE: TMenuOption[] = [
  {
    value: '1',
    label: 'System',
    children: [
      {
        value: '2',
        label: 'Users',
        children: [
          { value: '3', label: 'Add user' },
          { value: '4', label: 'Edit user' },
        ],
      },
      { value: '5', label: 'Roles', children: [{ value: '6', label: 'Add role' }] },
    ],
  },
  { value: '7', label: 'Docs' },
];
const ALL = ['sys:role:query', 'sys:role:add', 'sys:role:edit', 'sys:role:delete', 'sys:role:assign'];

function fakeApi() {
  return installFakeApi({
    'GET /api/v1/roles/page': () => ok({ list: [ADMIN, GUEST], total: 2 }),
    'GET /api/v1/roles/3/form': () =>
      ok({ id: '3', name: 'Visitor', code: 'GUEST', sort: 3, status: 0, dataScope: 2 }),
    'GET /api/v1/menus/options': () => ok(MENU_TREE),
    'GET /api/v1/roles/3/menuIds': () => ok(['1', '2', '3']),
  });
}

afterEach(signOutOperator);

describe('RolePage', () => {
  it('lists the roles with their data scope, and every action with the permissions', async () => {
    signInOperator(ALL);
    fakeApi();
    await renderConsolePage(RolePage);
    expect(await screen.findByRole('heading', { name: 'Roles' })).toBeInTheDocument();
    const guest = await findRow('Visitor');
    expect(guest).toHaveTextContent('GUEST');
    expect(guest).toHaveTextContent('Own department');
    expect(guest).toHaveTextContent('2025-03-01 10:00:00');
    expect(within(guest).getByRole('switch', { name: 'Visitor enabled' })).not.toBeChecked();
    expect(within(await findRow('System admin')).getByRole('switch')).toBeChecked();
    expect(await findRow('System admin')).toHaveTextContent('All data');
    for (const name of ['Assign permissions to Visitor', 'Edit Visitor', 'Delete Visitor']) {
      expect(within(guest).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });

  it('hides the actions without the permissions and shows the status as a tag', async () => {
    signInOperator(['sys:role:query']);
    fakeApi();
    await renderConsolePage(RolePage);
    const guest = await findRow('Visitor');
    expect(guest).toHaveTextContent('Disabled');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add|Delete|Edit|Assign/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('adds a role: validation first, then the server field errors, then saved', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:role:add']);
    const api = fakeApi();
    let attempts = 0;
    api.on('POST /api/v1/roles', ({ body }) => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'Some fields are not valid', {
            fields: [{ field: 'code', message: 'code is already in use.' }],
          })
        : ok({ id: '9', ...(body as object) });
    });
    await renderConsolePage(RolePage);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await findDialog('Add role');
    await user.type(within(dialog).getByLabelText('Role code'), 'shop manager');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter Role name')).toBeInTheDocument();
    expect(within(dialog).getByText('Use upper-case letters, digits and _ only')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/roles')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Role name'), 'Shop manager');
    await user.clear(within(dialog).getByLabelText('Role code'));
    await user.type(within(dialog).getByLabelText('Role code'), 'ADMIN');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('code is already in use.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Role code'));
    await user.type(within(dialog).getByLabelText('Role code'), 'SHOP_MANAGER');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/roles')[1]?.body).toEqual({
      name: 'Shop manager',
      code: 'SHOP_MANAGER',
      dataScope: 3,
      status: 1,
      sort: 1,
    });
  });

  it('loads a role into the edit dialog', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:role:edit']);
    const api = fakeApi();
    api.on('PUT /api/v1/roles/3', ({ body }) => ok({ id: '3', ...(body as object) }));
    await renderConsolePage(RolePage);
    await user.click(await screen.findByRole('button', { name: 'Edit Visitor' }));
    const dialog = await findDialog('Edit role');
    await waitFor(() => expect(within(dialog).getByLabelText('Role code')).toHaveValue('GUEST'));
    expect(within(dialog).getByText('Own department')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/roles/3')[0]?.body).toEqual({
      name: 'Visitor',
      code: 'GUEST',
      sort: 3,
      status: 0,
      dataScope: 2,
    });
  });

  it('switches a role on and off with the status endpoint', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:role:edit']);
    const api = fakeApi();
    api.on('PUT /api/v1/roles/2/status', () => ok(null));
    await renderConsolePage(RolePage);
    await user.click(within(await findRow('System admin')).getByRole('switch'));
    expect(await screen.findByText('System admin is disabled')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/roles/2/status')[0]?.url.search).toBe('?status=0');
  });

  it('assigns permissions: checked plus half-checked ids, with and without linkage', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:role:assign']);
    const api = fakeApi();
    api.on('PUT /api/v1/roles/3/menus', () => ok(null));
    await renderConsolePage(RolePage);
    await user.click(await screen.findByRole('button', { name: 'Assign permissions to Visitor' }));
    const drawer = await findDialog('Permissions of Visitor');
    await within(drawer).findByText('Add user');
    // Stored 1, 2, 3: linked, Add user checked, Users and System half-checked.
    expect(treeCheckbox('Add user')).toHaveAttribute('aria-checked', 'true');
    expect(treeCheckbox('Users')).toHaveAttribute('aria-checked', 'mixed');
    expect(treeCheckbox('System')).toHaveAttribute('aria-checked', 'mixed');
    expect(within(drawer).getByRole('switch', { name: 'Parent-child linkage' })).toBeChecked();

    await user.click(treeCheckbox('Edit user'));
    expect(treeCheckbox('Users')).toHaveAttribute('aria-checked', 'true');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permissions saved')).toBeInTheDocument();
    expect(sortedBody(api.callsTo('PUT /api/v1/roles/3/menus')[0]?.body)).toEqual(['1', '2', '3', '4']);
  });

  it('grants a page without its buttons when the linkage is off, and filters the tree', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:role:assign']);
    const api = fakeApi();
    api.on('PUT /api/v1/roles/3/menus', () => ok(null));
    await renderConsolePage(RolePage);
    await user.click(await screen.findByRole('button', { name: 'Assign permissions to Visitor' }));
    const drawer = await findDialog('Permissions of Visitor');
    await within(drawer).findByText('Add user');

    await user.click(within(drawer).getByRole('switch', { name: 'Parent-child linkage' }));
    await user.click(treeCheckbox('Roles'));
    expect(treeCheckbox('Roles')).toHaveAttribute('aria-checked', 'true');
    expect(treeCheckbox('Add role')).toHaveAttribute('aria-checked', 'false');

    await user.type(within(drawer).getByRole('searchbox', { name: 'Filter menus' }), 'docs');
    expect(screen.getByText('Docs')).toBeVisible();
    expect(screen.getByText('Add user')).not.toBeVisible();
    await user.clear(within(drawer).getByRole('searchbox', { name: 'Filter menus' }));
    expect(screen.getByText('Add user')).toBeVisible();

    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permissions saved')).toBeInTheDocument();
    expect(sortedBody(api.callsTo('PUT /api/v1/roles/3/menus')[0]?.body)).toEqual(['1', '2', '3', '5']);
  });
});

function sortedBody(body: unknown): string[] {
  return [...(body as string[])].sort();
}
