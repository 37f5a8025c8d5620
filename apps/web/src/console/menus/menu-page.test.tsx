import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMenu, TMenuForm, TMenuOption } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/test/fake-api';
import {
  findDialog,
  findRow,
  installFakeApi,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import MenuPage from './menu-page';

const menu = (
  id: string,
  parentId: string,
  name: string,
  type: TMenu['type'],
  extra: Partial<TMenu> = {},
): TMenu => ({
  id,
  parentId,
  name,
  type,
  routeName: null,
  routePath: null,
  component: null,
  sort: Number(id),
  visible: 1,
  icon: null,
  redirect: null,
  perm: null,
  ...extra,
});
const TREE: TMenu[] = [
  {
    ...menu('1', '0', 'System', 'CATALOG', { routePath: '/system', component: 'Layout', icon: 'system' }),
    children: [
      {
        ...menu('2', '1', 'Users', 'MENU', {
          routePath: 'user',
          component: 'system/user/index',
          routeName: 'User',
        }),
        children: [menu('3', '2', 'Add user', 'BUTTON', { perm: 'sys:user:add' })],
      },
    ],
  },
  menu('4', '0', 'Docs', 'EXTLINK', { routePath: 'https://docs.example.com', visible: 0 }),
];
const PARENTS: TMenuOption[] = [{ value: '1', label: 'System', children: [{ value: '2', label: 'Users' }] }];
const ALL = ['sys:menu:query', 'sys:menu:add', 'sys:menu:edit', 'sys:menu:delete'];

function fakeApi() {
  return installFakeApi({
    'GET /api/v1/menus': () => ok(TREE),
    'GET /api/v1/menus/options': () => ok(PARENTS),
  });
}

/** The server's answer to a save: the form as stored. */
function savedForm(body: unknown): TMenuForm {
  return {
    id: '9',
    parentId: '0',
    name: '',
    type: 'MENU',
    routeName: null,
    routePath: null,
    component: null,
    perm: null,
    visible: 1,
    sort: 1,
    icon: null,
    redirect: null,
    keepAlive: 0,
    alwaysShow: 0,
    params: [],
    ...(body as Partial<TMenuForm>),
  };
}

/** The labels of the dialog's form fields, in order. */
function fieldLabels(dialog: HTMLElement): string[] {
  return [...dialog.querySelectorAll('.ant-form-item-label label')].map((label) => label.textContent ?? '');
}

afterEach(signOutOperator);

describe('MenuPage', () => {
  it('shows the menu tree with types, paths, permissions, visibility and every action', async () => {
    signInOperator(ALL);
    fakeApi();
    await renderConsolePage(MenuPage);
    expect(await screen.findByRole('heading', { name: 'Menus' })).toBeInTheDocument();
    const system = await findRow('System');
    expect(system).toHaveTextContent('Catalog');
    expect(system).toHaveTextContent('/system');
    expect(system.querySelector('.anticon-setting')).not.toBeNull();
    const users = await findRow('Users');
    expect(users).toHaveTextContent('Page');
    expect(users).toHaveTextContent('system/user/index');
    const button = await findRow('Add user');
    expect(button).toHaveTextContent('Button');
    expect(button).toHaveTextContent('sys:user:add');
    expect(within(button).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(button).queryByRole('button', { name: /Add child menu under/ })).not.toBeInTheDocument();
    const docs = await findRow('Docs');
    expect(docs).toHaveTextContent('External link');
    expect(within(docs).getByRole('switch', { name: 'Docs shown in the menu' })).not.toBeChecked();
    for (const name of ['Add child menu under System', 'Edit System', 'Delete System']) {
      expect(within(system).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('hides the actions without the permissions and shows visibility as a tag', async () => {
    signInOperator(['sys:menu:query']);
    fakeApi();
    await renderConsolePage(MenuPage);
    expect(await findRow('Docs')).toHaveTextContent('Hidden');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add|Delete|Edit/ })).not.toBeInTheDocument();
  });

  it('changes the form fields with the menu type', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:menu:add']);
    fakeApi();
    await renderConsolePage(MenuPage);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await findDialog('Add menu');
    expect(within(dialog).getByRole('radio', { name: 'Catalog' })).toBeChecked();
    expect(fieldLabels(dialog)).toEqual([
      'Parent menu',
      'Type',
      'Menu name',
      'Route path',
      'Shown',
      'Always show',
      'Sort order',
      'Icon',
      'Redirect',
    ]);

    await user.click(within(dialog).getByRole('radio', { name: 'Page' }));
    expect(fieldLabels(dialog)).toEqual([
      'Parent menu',
      'Type',
      'Menu name',
      'Route path',
      'Route name',
      'Component',
      'Route params',
      'Shown',
      'Always show',
      'Keep alive',
      'Sort order',
      'Icon',
      'Redirect',
    ]);

    await user.click(within(dialog).getByRole('radio', { name: 'Button' }));
    expect(fieldLabels(dialog)).toEqual(['Parent menu', 'Type', 'Menu name', 'Permission', 'Sort order']);

    await user.click(within(dialog).getByRole('radio', { name: 'External link' }));
    expect(fieldLabels(dialog)).toEqual([
      'Parent menu',
      'Type',
      'Menu name',
      'Link URL',
      'Shown',
      'Sort order',
      'Icon',
    ]);
    await user.type(within(dialog).getByLabelText('Menu name'), 'Docs');
    await user.type(within(dialog).getByLabelText('Link URL'), 'docs.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a full http:// or https:// address')).toBeInTheDocument();
  });

  it('adds a button under a page with its permission; only the button fields are sent', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:menu:add']);
    const api = fakeApi();
    api.on('POST /api/v1/menus', ({ body }) => ok(savedForm(body)));
    await renderConsolePage(MenuPage);
    await user.click(await screen.findByRole('button', { name: 'Add child menu under Users' }));
    const dialog = await findDialog('Add menu');
    expect(within(dialog).getByRole('radio', { name: 'Button' })).toBeChecked();
    await waitFor(() => expect(within(dialog).getByTitle('Users')).toBeInTheDocument());

    await user.type(within(dialog).getByLabelText('Menu name'), 'Export users');
    await user.type(within(dialog).getByLabelText('Permission'), 'sys user export');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Use letters, digits and : _ - only, e.g. sys:user:add'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Permission'));
    await user.type(within(dialog).getByLabelText('Permission'), 'sys:user:export');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/menus')[0]?.body).toEqual({
      parentId: '2',
      name: 'Export users',
      type: 'BUTTON',
      sort: 1,
      perm: 'sys:user:export',
    });
  });

  it('adds a page with params; a server field error lands on its field', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:menu:add']);
    const api = fakeApi();
    let attempts = 0;
    api.on('POST /api/v1/menus', ({ body }) => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'Some fields are not valid', {
            fields: [{ field: 'routeName', message: 'routeName is already in use.' }],
          })
        : ok(savedForm(body));
    });
    await renderConsolePage(MenuPage);
    await user.click(await screen.findByRole('button', { name: 'Add child menu under System' }));
    const dialog = await findDialog('Add menu');
    expect(within(dialog).getByRole('radio', { name: 'Page' })).toBeChecked();
    await user.type(within(dialog).getByLabelText('Menu name'), 'Shops');
    await user.type(within(dialog).getByLabelText('Route path'), 'shop');
    await user.type(within(dialog).getByLabelText('Route name'), 'User');
    await user.type(within(dialog).getByLabelText('Component'), 'system/shop/index');
    await user.click(within(dialog).getByRole('button', { name: 'Add param' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Key of param 1' }), 'tab');
    await user.type(within(dialog).getByRole('textbox', { name: 'Value of param 1' }), 'all');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('routeName is already in use.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Route name'));
    await user.type(within(dialog).getByLabelText('Route name'), 'Shop');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/menus')[1]?.body).toEqual({
      parentId: '1',
      name: 'Shops',
      type: 'MENU',
      sort: 1,
      routeName: 'Shop',
      routePath: 'shop',
      component: 'system/shop/index',
      visible: 1,
      alwaysShow: 0,
      keepAlive: 1,
      icon: null,
      redirect: null,
      params: [{ key: 'tab', value: 'all' }],
    });
  });

  it('picks an icon from the searchable selector, and clears it', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:menu:add']);
    fakeApi();
    await renderConsolePage(MenuPage);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await findDialog('Add menu');
    await user.click(within(dialog).getByLabelText('Icon'));
    await user.type(await screen.findByRole('searchbox', { name: 'Search icons' }), 'shop');
    const icons = screen.getByRole('group', { name: 'Icons' });
    expect(
      within(icons)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['shop', 'shopping']);
    await user.click(within(icons).getByRole('button', { name: 'shop' }));
    expect(within(dialog).getByLabelText('Icon')).toHaveValue('shop');
    await user.click(within(dialog).getByRole('button', { name: 'Clear the icon' }));
    expect(within(dialog).getByLabelText('Icon')).toHaveValue('');
  });

  it('loads a page into the edit dialog with its params', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:menu:edit']);
    const api = fakeApi();
    api.on('GET /api/v1/menus/2/form', () =>
      ok({
        ...savedForm({}),
        id: '2',
        parentId: '1',
        name: 'Users',
        routeName: 'User',
        routePath: 'user',
        component: 'system/user/index',
        params: [{ key: 'tab', value: 'all' }],
      }),
    );
    api.on('PUT /api/v1/menus/2', ({ body }) => ok(savedForm(body)));
    await renderConsolePage(MenuPage);
    await user.click(await screen.findByRole('button', { name: 'Edit Users' }));
    const dialog = await findDialog('Edit menu');
    await waitFor(() => expect(within(dialog).getByLabelText('Component')).toHaveValue('system/user/index'));
    expect(within(dialog).getByRole('textbox', { name: 'Value of param 1' })).toHaveValue('all');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/menus/2')[0]?.body).toMatchObject({
      parentId: '1',
      type: 'MENU',
      routeName: 'User',
      params: [{ key: 'tab', value: 'all' }],
    });
  });

  it('says that deleting a menu takes its branch, then deletes it', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:menu:delete']);
    const api = fakeApi();
    api.on('DELETE /api/v1/menus/1', () => ok(null));
    await renderConsolePage(MenuPage);
    await user.click(await screen.findByRole('button', { name: 'Delete System' }));
    const confirm = await findDialog('Confirm deletion');
    expect(confirm).toHaveTextContent('Delete System and every menu and button under it?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/menus/1')).toHaveLength(1);
  });

  it('shows and hides a menu with the visibility toggle', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:menu:edit']);
    const api = fakeApi();
    api.on('PATCH /api/v1/menus/4', () => ok(null));
    await renderConsolePage(MenuPage);
    await user.click(within(await findRow('Docs')).getByRole('switch'));
    expect(await screen.findByText('Docs is shown in the menu')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/v1/menus/4')[0]?.url.search).toBe('?visible=1');
  });
});
