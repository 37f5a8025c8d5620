import type { TRouteNode } from '@linkstore/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardLoader } from './routes';
import { loadDynamicRoutes, resetDynamicRoutes, type TViewRegistry } from './shared/router/dynamic-routes';
import { useSession } from './shared/session/session-store';
import { createFakeApi, ok } from './shared/test/fake-api';

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
const view = () => Promise.resolve({ default: () => null });
const registry: TViewRegistry = { layout: view, notFound: view, views: { 'system/user/index': view } };

const guard = (path: string) =>
  guardLoader({ request: new Request(`http://app${path}`), params: {}, context: undefined } as Parameters<
    typeof guardLoader
  >[0]);
const locationOf = (answer: ReturnType<typeof guard>) =>
  answer instanceof Response ? answer.headers.get('Location') : answer;

/** Signs in and loads the route tree the server answers, as the console's loader does. */
async function signInWithRoutes(): Promise<void> {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'a', refreshToken: 'r' });
  await loadDynamicRoutes({ patchRoutes: vi.fn() }, registry);
}

beforeEach(() => {
  vi.stubGlobal('fetch', createFakeApi({ [ROUTES]: () => ok(TREE) }).fetch);
});
afterEach(() => {
  resetDynamicRoutes();
  useSession.getState().clearTokens();
});

describe('the guard and console pages from the server', () => {
  it('lets a page of the loaded route tree through instead of sending it to /404', async () => {
    await signInWithRoutes();
    expect(guard('/system/user')).toBeNull();
  });

  it('still sends a path outside the loaded tree to /404', async () => {
    await signInWithRoutes();
    expect(locationOf(guard('/system/nobody'))).toBe('/404');
    expect(locationOf(guard('/system/user/extra'))).toBe('/404');
  });

  it('forgets the tree on sign-out: its pages are no longer let through', async () => {
    await signInWithRoutes();
    useSession.getState().clearTokens();
    expect(locationOf(guard('/system/user'))).toBe('/404');
  });
});
