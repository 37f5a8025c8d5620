import { act, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRouteNode } from '@linkstore/contract';
import { notifier } from '../http/notifier';
import { i18n, initI18n } from '../i18n/i18n';
import { createFakeApi, ok } from '../test/fake-api';
import {
  loadDynamicRoutes,
  matchesDynamicRoute,
  onDynamicRoutesReset,
  resetDynamicRoutes,
  toRouteObjects,
  usePermissionStore,
  type TMenuRouteHandle,
  type TViewRegistry,
} from './dynamic-routes';

const meta = (title: string, extra: Partial<TRouteNode['meta']> = {}): TRouteNode['meta'] => ({
  title,
  hidden: false,
  keepAlive: false,
  alwaysShow: false,
  ...extra,
});

const SYSTEM: TRouteNode = {
  path: '/system',
  component: 'Layout',
  redirect: '/system/user',
  name: 'System',
  meta: meta('system', { icon: 'system' }),
  children: [
    {
      path: 'user',
      component: 'system/user/index',
      name: 'User',
      meta: meta('User management', { icon: 'el-icon-User', keepAlive: true, params: { tab: 'all' } }),
    },
    { path: '/system/role', component: 'system/role/index', name: 'Role', meta: meta('Roles') },
    { path: 'ghost', component: 'system/ghost/index', name: 'Ghost', meta: meta('Ghost', { hidden: true }) },
  ],
};
const DOCS: TRouteNode = {
  path: 'https://docs.example.com',
  component: null,
  name: 'Docs',
  meta: meta('Docs'),
};
const TREE: TRouteNode[] = [SYSTEM, DOCS];

const view = (text: string) => () => Promise.resolve({ default: () => <p>{text}</p> });
const registry: TViewRegistry = {
  layout: () =>
    Promise.resolve({
      default: () => (
        <section>
          <h1>Console shell</h1>
          <Outlet />
        </section>
      ),
    }),
  notFound: view('Unknown view'),
  views: {
    'system/user/index': view('User list'),
    'system/role/index': view('Role list'),
  },
};

/** Resolves a converted route's lazy view and renders its component's text. */
async function renderedBy(route: RouteObject | undefined): Promise<string | null> {
  if (typeof route?.lazy !== 'function') return null;
  const { Component } = (await route.lazy()) as { Component: () => React.ReactElement };
  const { container, unmount } = render(<Component />);
  const text = container.textContent;
  unmount();
  return text;
}

beforeAll(async () => {
  await initI18n('en');
  i18n.addResource('en', 'common', 'route.system', 'System management');
});

afterEach(() => {
  resetDynamicRoutes();
});

describe('toRouteObjects', () => {
  it('maps Layout to the layout, known components to their views and unknown ones to the 404 view', async () => {
    const [system] = toRouteObjects(TREE, registry);
    expect(system?.path).toBe('system');
    const children = system?.children ?? [];
    expect(children.map((child) => child.path ?? (child.index ? '(index)' : ''))).toEqual([
      '(index)',
      'user',
      'role',
      'ghost',
    ]);
    await expect(renderedBy(children[1])).resolves.toBe('User list');
    await expect(renderedBy(children[2])).resolves.toBe('Role list');
    await expect(renderedBy(children[3])).resolves.toBe('Unknown view');
    await expect(renderedBy(system)).resolves.toBe('Console shell');
  });

  it('skips external links and nests child paths under their parent', () => {
    const routes = toRouteObjects(TREE, registry);
    expect(routes).toHaveLength(1);
    const table: RouteObject[] = [{ path: '/', children: routes }];
    const matched = (path: string) => matchRoutes(table, path)?.map((match) => match.route.id);
    expect(matched('/system/user')).toEqual([undefined, 'dynamic:/system', 'dynamic:/system/user']);
    expect(matched('/system/role')).toEqual([undefined, 'dynamic:/system', 'dynamic:/system/role']);
    expect(matched('/user')).toBeUndefined();
  });

  it('carries the title (translated when route.<title> exists), icon, flags and params in handle', () => {
    const [system] = toRouteObjects(TREE, registry);
    expect(system?.handle).toEqual({
      titleKey: 'route.system',
      title: 'System management',
      name: 'System',
      component: 'Layout',
      icon: 'system',
      hidden: false,
      keepAlive: false,
      alwaysShow: false,
      params: undefined,
    } satisfies TMenuRouteHandle);
    const user = system?.children?.[1]?.handle as TMenuRouteHandle;
    expect(user).toMatchObject({ title: 'User management', icon: 'el-icon-User', keepAlive: true });
    expect(user.titleKey).toBeUndefined();
    expect(user.params).toEqual({ tab: 'all' });
    expect((system?.children?.[3]?.handle as TMenuRouteHandle).hidden).toBe(true);
  });

  it('keeps a title that names a group of keys, or holds a colon, as plain text', () => {
    const [group, colon] = toRouteObjects(
      [
        { path: 'a', component: 'x', name: 'A', meta: meta('title') },
        { path: 'b', component: 'x', name: 'B', meta: meta('common:route.system') },
      ],
      registry,
    ).map((route) => route.handle as TMenuRouteHandle);
    expect(group).toMatchObject({ title: 'title' });
    expect(group?.titleKey).toBeUndefined();
    expect(colon).toMatchObject({ title: 'common:route.system' });
  });

  it('turns a nested Layout into a pass-through and a leaf at the root path into an index route', () => {
    const nested: TRouteNode = {
      path: '/',
      component: 'Layout',
      name: 'Root',
      meta: meta('Root'),
      children: [
        {
          path: 'tools',
          component: 'Layout',
          name: 'Tools',
          meta: meta('Tools'),
          children: [{ path: 'gen', component: 'tool/gen/index', name: 'Gen', meta: meta('Gen') }],
        },
        { path: '', component: 'dashboard/index', name: 'Dashboard', meta: meta('Dashboard') },
      ],
    };
    const [root] = toRouteObjects([nested], registry);
    expect(root?.path).toBeUndefined();
    expect(typeof root?.lazy).toBe('function');
    const [tools, dashboard] = root?.children ?? [];
    expect(tools?.lazy).toBeUndefined();
    expect(tools?.children?.[0]?.path).toBe('gen');
    expect(dashboard?.index).toBe(true);
  });
});

describe('the permission store', () => {
  it('starts with no routes and the routes-loaded flag false', () => {
    expect(usePermissionStore.getState()).toMatchObject({
      routes: [],
      mixLeftMenus: [],
      isRoutesLoaded: false,
    });
  });

  it('sets the left menus of the mixed layout from the active top menu', () => {
    usePermissionStore.getState().setRoutes(TREE);
    usePermissionStore.getState().setMixLeftMenus('/system');
    expect(usePermissionStore.getState().mixLeftMenus).toBe(SYSTEM.children);
    usePermissionStore.getState().setMixLeftMenus('/nowhere');
    expect(usePermissionStore.getState().mixLeftMenus).toEqual([]);
  });
});

describe('loadDynamicRoutes / resetDynamicRoutes', () => {
  let api: ReturnType<typeof createFakeApi>;

  beforeEach(() => {
    api = createFakeApi({ 'GET /api/v1/menus/routes': () => ok(TREE) });
    vi.stubGlobal('fetch', api.fetch);
  });

  function createAppRouter() {
    return createMemoryRouter(
      [
        {
          id: 'root',
          path: '/',
          Component: Outlet,
          children: [
            { index: true, element: <p>Home</p> },
            { path: '404', element: <p>Not found page</p> },
            { path: '*', element: <p>Catch-all</p> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
  }

  it('adds the tree under the root, stores it and sets the flag', async () => {
    const router = createAppRouter();
    render(<RouterProvider router={router} />);
    expect(matchesDynamicRoute('/system/user')).toBe(false);

    await act(async () => {
      await expect(loadDynamicRoutes(router, registry)).resolves.toEqual(TREE);
    });

    expect(usePermissionStore.getState()).toMatchObject({ routes: TREE, isRoutesLoaded: true });
    expect(matchesDynamicRoute('/system/user')).toBe(true);
    expect(matchesDynamicRoute('/system/nope')).toBe(false);
    await act(() => router.navigate('/system/user'));
    expect(await screen.findByText('User list')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Console shell' })).toBeInTheDocument();
    // The catalog's redirect.
    await act(() => router.navigate('/system'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/system/user'));
  });

  it('calls the server once for concurrent loads and not again once loaded', async () => {
    const router = createAppRouter();
    const patch = vi.spyOn(router, 'patchRoutes');
    const [first, second] = await Promise.all([
      loadDynamicRoutes(router, registry),
      loadDynamicRoutes(router, registry),
    ]);
    expect(first).toBe(second);
    await loadDynamicRoutes(router, registry);
    expect(api.callsTo('GET /api/v1/menus/routes')).toHaveLength(1);
    expect(patch).toHaveBeenCalledWith('root', expect.any(Array));
  });

  it('rejects and leaves the flag false when the tree cannot be read', async () => {
    api.on('GET /api/v1/menus/routes', () => ok([{ path: 1 }]));
    vi.spyOn(notifier, 'error').mockImplementation(() => undefined);
    await expect(loadDynamicRoutes(createAppRouter(), registry)).rejects.toMatchObject({
      code: expect.any(String),
    });
    expect(usePermissionStore.getState().isRoutesLoaded).toBe(false);
  });

  it('reset clears routes, left menus and the flag, and the removed routes lead to /404', async () => {
    const router = createAppRouter();
    render(<RouterProvider router={router} />);
    await act(() => loadDynamicRoutes(router, registry));
    usePermissionStore.getState().setMixLeftMenus('/system');
    const extraReset = vi.fn();
    const stop = onDynamicRoutesReset(extraReset);

    act(() => resetDynamicRoutes());

    expect(usePermissionStore.getState()).toMatchObject({
      routes: [],
      mixLeftMenus: [],
      isRoutesLoaded: false,
    });
    expect(extraReset).toHaveBeenCalledTimes(1);
    expect(matchesDynamicRoute('/system/user')).toBe(false);
    await act(() => router.navigate('/system/role'));
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
    expect(screen.queryByText('Role list')).toBeNull();
    stop();
  });

  it('loads again after a reset, adding the children a parent lacked', async () => {
    const router = createAppRouter();
    render(<RouterProvider router={router} />);
    api.on('GET /api/v1/menus/routes', () => ok([{ ...SYSTEM, children: SYSTEM.children?.slice(0, 1) }]));
    await act(() => loadDynamicRoutes(router, registry));
    resetDynamicRoutes();

    api.on('GET /api/v1/menus/routes', () => ok(TREE));
    await act(() => loadDynamicRoutes(router, registry));
    expect(usePermissionStore.getState().isRoutesLoaded).toBe(true);
    await act(() => router.navigate('/system/role'));
    expect(await screen.findByText('Role list')).toBeInTheDocument();
    await act(() => router.navigate('/system/user'));
    expect(await screen.findByText('User list')).toBeInTheDocument();
  });

  it('discards a load that a reset overtook', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    api.on('GET /api/v1/menus/routes', () => new Promise((resolve) => (answer = resolve)));
    const router = createAppRouter();
    const patch = vi.spyOn(router, 'patchRoutes');
    const loading = loadDynamicRoutes(router, registry);
    await vi.waitFor(() => expect(api.callsTo('GET /api/v1/menus/routes')).toHaveLength(1));
    resetDynamicRoutes();
    answer(ok(TREE));
    await expect(loading).resolves.toEqual([]);
    expect(patch).not.toHaveBeenCalled();
    expect(usePermissionStore.getState().isRoutesLoaded).toBe(false);
  });
});
