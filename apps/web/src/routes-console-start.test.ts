import type { TRouteNode } from '@linkstore/contract';
import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appRoutes } from './routes';
import { initI18n } from './shared/i18n/i18n';
import { resetDynamicRoutes, usePermissionStore } from './shared/router/dynamic-routes';
import { isSignedIn, useSession } from './shared/session/session-store';
import { createFakeApi, ok } from './shared/test/fake-api';
import { setConsoleRouter } from './console/console-loading';

const ROUTES = 'GET /api/v1/menus/routes';
const TREE: TRouteNode[] = [
  {
    path: '/system',
    component: 'Layout',
    name: 'System',
    meta: { title: 'System', hidden: false, keepAlive: false, alwaysShow: false },
    children: [
      {
        path: 'user',
        component: 'system/user/index',
        name: 'User',
        meta: { title: 'Users', hidden: false, keepAlive: false, alwaysShow: false },
      },
    ],
  },
];

// The users page is the route tree's page below: its module (antd's table, forms…) is transformed on
// first import, which on a busy machine took longer than a wait's 5 s when the test ran first or
// alone. Loaded here, in a hook with a limit of its own, the test waits on the router only.
beforeAll(async () => {
  await import('./console/users/user-page');
});

afterEach(() => {
  setConsoleRouter(undefined);
  resetDynamicRoutes();
  useSession.getState().clearTokens();
});

describe('console routes at start-up', () => {
  // A reload of a console page: the router runs the first navigation's loaders while it is
  // being created, before main.tsx can hand it over with setConsoleRouter. That used to fail the
  // route loading, which ended the session: every reload of the console signed the operator out.
  it('a reload of a console page waits for the router and keeps the operator signed in', async () => {
    await initI18n('en');
    const api = createFakeApi({ [ROUTES]: () => ok(TREE) });
    vi.stubGlobal('fetch', api.fetch);
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });

    // As main.tsx does it: create, then bind.
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/console'] });
    setConsoleRouter(router);

    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    await waitFor(() => expect(usePermissionStore.getState().isRoutesLoaded).toBe(true));
    expect(router.state.location.pathname).toBe('/console');
    expect(isSignedIn()).toBe(true);
    expect(api.callsTo(ROUTES)).toHaveLength(1);
  });

  it('a reload of a page of the route tree (a shared link) opens that page', async () => {
    await initI18n('en');
    const api = createFakeApi({ [ROUTES]: () => ok(TREE) });
    vi.stubGlobal('fetch', api.fetch);
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });

    const router = createMemoryRouter(appRoutes, { initialEntries: ['/system/user?tab=2'] });
    setConsoleRouter(router);

    await waitFor(() => expect(usePermissionStore.getState().isRoutesLoaded).toBe(true));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/system/user');
    expect(router.state.location.search).toBe('?tab=2');
    expect(router.state.matches.at(-1)?.route.id).toBe('dynamic:/system/user');
    expect(isSignedIn()).toBe(true);
  });
});
