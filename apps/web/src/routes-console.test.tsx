import { screen, waitFor, within } from '@testing-library/react';
import type { TRouteNode } from '@linkstore/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from './routes';
import { useAppPreferences } from './shared/preferences/app-preferences-store';
import { resetDynamicRoutes, usePermissionStore } from './shared/router/dynamic-routes';
import { useSession } from './shared/session/session-store';
import { useUser } from './shared/session/user-store';
import { createFakeApi, fail, ok } from './shared/test/fake-api';
import { renderWithApp } from './shared/test/render-with-app';
import { setConsoleRouter } from './console/console-loading';
import { viewRegistry } from './console/view-registry';

const ROUTES = 'GET /api/v1/menus/routes';
const meta = (title: string): TRouteNode['meta'] => ({
  title,
  hidden: false,
  keepAlive: false,
  alwaysShow: false,
});
const TREE: TRouteNode[] = [
  {
    path: '/system',
    component: 'Layout',
    redirect: '/system/home',
    name: 'System',
    meta: meta('System settings'),
    children: [
      { path: 'home', component: 'dashboard', name: 'Home', meta: meta('Overview') },
      { path: 'user', component: 'system/nowhere/index', name: 'User', meta: meta('Users') },
    ],
  },
];

function signIn() {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  useUser.getState().setInfo({
    user: {
      userId: '1',
      username: 'root',
      nickname: 'Rooty',
      email: null,
      avatar: null,
      countryId: 'US',
      timeZone: null,
      roles: ['ROOT', 'ADMIN'],
      perms: [],
    },
    business: { email: null, subdomainurl: null, image_url: null, nickname: 'Rooty', country_id: 'US' },
  });
}

/** The whole app's routes, bound for loading, starting somewhere neutral. */
async function renderApp() {
  const view = await renderWithApp(appRoutes, '/401');
  setConsoleRouter(view.router);
  return view;
}

let api: ReturnType<typeof createFakeApi>;
beforeEach(() => {
  api = createFakeApi({ [ROUTES]: () => ok(TREE) });
  vi.stubGlobal('fetch', api.fetch);
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
  useAppPreferences.getState().openSidebar();
});

afterEach(() => {
  setConsoleRouter(undefined);
  resetDynamicRoutes();
  useUser.getState().clear();
  useSession.getState().clearTokens();
});

describe('view registry', () => {
  it('knows the console layout, the 404 view and the dashboard view', async () => {
    expect(typeof (await viewRegistry.layout()).default).toBe('function');
    expect((await viewRegistry.notFound()).default.name).toBe('NotFoundPage');
    expect(typeof (await viewRegistry.views.dashboard!()).default).toBe('function');
  });
});

describe('console routes from the server', () => {
  it('sends a signed-out visitor of /console to the console login', async () => {
    const { router } = await renderApp();
    await router.navigate('/console');
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fconsole');
    expect(api.callsTo(ROUTES)).toHaveLength(0);
  });

  it('loads the route tree once on /console and shows the home with the operator and roles', async () => {
    signIn();
    const { router } = await renderApp();
    await router.navigate('/console');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Rooty' })).toBeInTheDocument();
    expect(screen.getByText('ROOT')).toBeInTheDocument();
    expect(screen.getByText('ADMIN')).toBeInTheDocument();
    expect(usePermissionStore.getState().isRoutesLoaded).toBe(true);
    // A known component renders its view; an unknown one the 404 view.
    expect(
      within(screen.getByRole('navigation', { name: 'Console menu' })).getByText('System settings'),
    ).toBeInTheDocument();
    await router.navigate('/system/user');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/user');
    await router.navigate('/console');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Rooty' });
    expect(api.callsTo(ROUTES)).toHaveLength(1);
  });

  it('loads the tree first when a signed-in user opens a console page directly', async () => {
    signIn();
    const { router } = await renderApp();
    await router.navigate('/system/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Rooty' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/home');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      /System settings.*Overview/,
    );
  });

  it('still sends a path the tree lacks to /404', async () => {
    signIn();
    const { router } = await renderApp();
    await router.navigate('/nowhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(api.callsTo(ROUTES)).toHaveLength(1);
  });

  it('ends the session and goes to the console login when the tree cannot load', async () => {
    signIn();
    api.on(ROUTES, () => fail('B0001', 'Boom', null, 500));
    const { router } = await renderApp();
    await router.navigate('/console');
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/login'));
    expect(useSession.getState().authorization).toBe('');
    expect(usePermissionStore.getState().isRoutesLoaded).toBe(false);
  });
});
