import type { ComponentType } from 'react';
import { matchRoutes, redirect, type DataRouter, type RouteObject } from 'react-router';
import { create } from 'zustand';
import { menusRoutes, type TRouteNode } from '@linkstore/contract';
import { callRoute } from '../http/call-route';
import { i18n } from '../i18n/i18n';
import { sessionEvents } from '../session/session-events';

/**
 * The routes added at run time: the console's server-provided menu routes.
 * `loadDynamicRoutes` fetches the caller's route tree, turns it into
 * react-router routes with a view registry and patches them under the root route;
 * `resetDynamicRoutes` (logout, session end) takes them away again.
 */

// ---------------------------------------------------------------------------------------------
// View registry: component string → lazily loaded view

export type TViewLoader = () => Promise<{ default: ComponentType }>;

export interface TViewRegistry {
  /** The console shell, for top-level `Layout` nodes. */
  layout: TViewLoader;
  /** Shown for a component string the registry does not know. */
  notFound: TViewLoader;
  /** `system/user/index` → its view. */
  views: Record<string, TViewLoader>;
}

/** What every converted route carries in `handle` (read it with `useMatches()`). */
export interface TMenuRouteHandle {
  /** `route.<title>` (common namespace) when that key exists: translate it at render time. */
  titleKey?: string;
  /** The title as shown when the routes were built: `route.<title>` translated, else the title. */
  title: string;
  /** The server's route name (`routeName`, or PascalCase of the path). */
  name: string;
  /** The menu's component string (`system/user/index`, `Layout`), when it has one. */
  component?: string | undefined;
  icon?: string | undefined;
  hidden: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  /** Query the sidebar adds when it navigates to this leaf. */
  params?: Record<string, string> | undefined;
}

export const LAYOUT_COMPONENT = 'Layout';
/** Ids of the patched routes start with this; the rest is the route's full path. */
export const DYNAMIC_ROUTE_ID_PREFIX = 'dynamic:';

/** EXTLINK paths are URLs (`https://…`, `mailto:…`, `//host`): sidebar links, never routes. */
export function isExternalPath(path: string): boolean {
  return /^([a-z][a-z\d+.-]*:|\/\/)/i.test(path);
}

/**
 * The translation key of a menu title when it has one, else undefined (the
 * title doubles as an i18n key). A title with `:` would be read as a namespace, so it is text.
 */
export function routeTitleKey(title: string): string | undefined {
  if (title.trim() === '' || title.includes(':')) return undefined;
  const key = `route.${title}`;
  // `exists` is also true for a group of keys (`route.title`), which is not a text.
  return i18n.exists(key, { ns: 'common' }) &&
    typeof i18n.t(key, { ns: 'common', returnObjects: true }) === 'string'
    ? key
    : undefined;
}

/** `route.<title>` in the current language when that key exists, else the title itself. */
export function translateRouteTitle(title: string): string {
  const key = routeTitleKey(title);
  return key ? i18n.t(key, { ns: 'common' }) : title;
}

function routeHandle(node: TRouteNode): TMenuRouteHandle {
  const titleKey = routeTitleKey(node.meta.title);
  return {
    ...(titleKey ? { titleKey } : {}),
    title: titleKey ? i18n.t(titleKey, { ns: 'common' }) : node.meta.title,
    name: node.name,
    ...(node.component ? { component: node.component } : {}),
    icon: node.meta.icon,
    hidden: node.meta.hidden,
    keepAlive: node.meta.keepAlive,
    alwaysShow: node.meta.alwaysShow,
    params: node.meta.params,
  };
}

const lazyView = (load: TViewLoader) => async () => ({ Component: (await load()).default });

function joinPath(parent: string, child: string): string {
  return `${parent.replace(/\/+$/, '')}/${child}`.replace(/\/{2,}/g, '/');
}

/** The node's path relative to its parent, as react-router nests it. */
function relativePath(path: string, parentPath: string): string {
  const prefix = `${parentPath.replace(/\/+$/, '')}/`;
  if (parentPath !== '/' && path.startsWith(prefix)) return path.slice(prefix.length);
  return path.replace(/^\/+/, '');
}

interface TConvertContext {
  registry: TViewRegistry;
  parentPath: string;
  parentId: string;
  depth: number;
  ids: Set<string>;
}

function convert(nodes: readonly TRouteNode[], context: TConvertContext): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const node of nodes) {
    if (isExternalPath(node.path)) continue;
    const path = relativePath(node.path, context.parentPath);
    const fullPath = joinPath(context.parentPath, path);
    const id = context.depth === 0 ? `${DYNAMIC_ROUTE_ID_PREFIX}${fullPath}` : `${context.parentId}/${path}`;
    // Two siblings on one path: the first wins, as it would when matching.
    if (context.ids.has(id)) continue;
    context.ids.add(id);

    const { component } = node;
    const { registry } = context;
    const load =
      component === LAYOUT_COMPONENT
        ? // A nested Layout would draw the shell twice: it only passes its children through.
          context.depth === 0
          ? registry.layout
          : undefined
        : component === null || component === ''
          ? undefined
          : (registry.views[component] ?? registry.notFound);

    const children = convert(node.children ?? [], {
      ...context,
      parentPath: fullPath,
      parentId: id,
      depth: context.depth + 1,
    });
    if (node.redirect && children.length > 0) {
      const target = node.redirect;
      children.unshift({ id: `${id}/@redirect`, index: true, loader: () => redirect(target) });
    }

    const route = {
      id,
      handle: routeHandle(node),
      ...(load ? { lazy: lazyView(load) } : {}),
    };
    if (children.length > 0) {
      routes.push({ ...route, ...(path === '' ? {} : { path }), children });
    } else {
      routes.push(path === '' ? { ...route, index: true } : { ...route, path });
    }
  }
  return routes;
}

/**
 * The server's route tree as react-router routes to nest under the root route (`/`): `Layout`
 * → the registry's layout, a known component → its lazy view, an unknown one → the 404 view;
 * EXTLINK nodes are skipped; child paths are relative to the parent; a parent's `redirect`
 * becomes its index route. Each route's id is `dynamic:<full path>` (children extend their
 * parent's id), so loading the same tree twice patches nothing new.
 */
export function toRouteObjects(nodes: readonly TRouteNode[], registry: TViewRegistry): RouteObject[] {
  return convert(nodes, { registry, parentPath: '/', parentId: '', depth: 0, ids: new Set() });
}

// ---------------------------------------------------------------------------------------------
// Permission store

export interface TPermissionState {
  /** The caller's route tree from `/menus/routes`, EXTLINKs included (the sidebar's source). */
  routes: TRouteNode[];
  /** Mixed layout: the children of the active top menu, shown in the left menu. */
  mixLeftMenus: TRouteNode[];
  /** False initially; true once the menu routes are loaded; false again after a reset. */
  isRoutesLoaded: boolean;
  setRoutes: (routes: TRouteNode[]) => void;
  setMixLeftMenus: (topMenuPath: string) => void;
  reset: () => void;
}

export const usePermissionStore = create<TPermissionState>()((set, get) => ({
  routes: [],
  mixLeftMenus: [],
  isRoutesLoaded: false,
  setRoutes: (routes) => set({ routes, isRoutesLoaded: true }),
  setMixLeftMenus: (topMenuPath) =>
    set({ mixLeftMenus: get().routes.find((route) => route.path === topMenuPath)?.children ?? [] }),
  reset: () => set({ routes: [], mixLeftMenus: [], isRoutesLoaded: false }),
}));

// ---------------------------------------------------------------------------------------------
// Loading into the router, and taking away

/** The router's routes cannot be removed: a reset deactivates them instead (they go to /404). */
const activeIds = new Set<string>();
/** The converted routes of the current tree, for `matchesDynamicRoute`. */
let activeRoutes: RouteObject[] = [];
let generation = 0;
let inFlight: Promise<TRouteNode[]> | undefined;

function guardActive(route: RouteObject): RouteObject {
  const id = route.id ?? '';
  return { ...route, loader: () => (activeIds.has(id) ? null : redirect('/404')) };
}

function patchTree(router: Pick<DataRouter, 'patchRoutes'>, parentId: string, routes: RouteObject[]): void {
  // Routes already there (same id, from an earlier sign-in) are kept; only new ones are added,
  // so a parent that exists still receives the children it lacked.
  router.patchRoutes(parentId, routes);
  for (const route of routes) {
    if (route.id && route.children?.length) patchTree(router, route.id, route.children);
  }
}

/** True when `pathname` is one of the loaded dynamic routes (the guard's table lacks them). */
export function matchesDynamicRoute(pathname: string): boolean {
  if (activeRoutes.length === 0) return false;
  return (matchRoutes([{ path: '/', children: activeRoutes }], pathname)?.length ?? 0) > 1;
}

export interface TLoadDynamicRoutesOptions {
  /** Id of the route to nest under; `root` in routes.tsx. */
  parentId?: string;
}

/**
 * Fetches the caller's route tree (`GET /api/v1/menus/routes`), adds its routes under the root
 * route with `router.patchRoutes`, stores the tree and sets the routes-loaded flag.
 * Concurrent calls share one request; once loaded it resolves with the stored tree. Rejects when
 * the call fails (the flag stays false); a reset while loading discards the answer.
 */
export function loadDynamicRoutes(
  router: Pick<DataRouter, 'patchRoutes'>,
  registry: TViewRegistry,
  { parentId = 'root' }: TLoadDynamicRoutesOptions = {},
): Promise<TRouteNode[]> {
  const state = usePermissionStore.getState();
  if (state.isRoutesLoaded) return Promise.resolve(state.routes);
  if (inFlight) return inFlight;
  const started = generation;
  const load = (async () => {
    try {
      const tree = await callRoute(menusRoutes.routes);
      if (started !== generation) return [];
      const routes = toRouteObjects(tree, registry).map(guardActive);
      activeIds.clear();
      for (const route of routes) if (route.id) activeIds.add(route.id);
      activeRoutes = routes;
      patchTree(router, parentId, routes);
      usePermissionStore.getState().setRoutes(tree);
      return tree;
    } finally {
      if (started === generation) inFlight = undefined;
    }
  })();
  inFlight = load;
  return load;
}

// ---------------------------------------------------------------------------------------------
// Reset (logout, session end)

const resets = new Set<() => void>();

/** Registers more to undo on reset (e.g. the console's tags view); returns the unregister. */
export function onDynamicRoutesReset(reset: () => void): () => void {
  resets.add(reset);
  return () => {
    resets.delete(reset);
  };
}

/**
 * Takes the dynamic routes away: they stop matching (they lead to /404), the routes and left
 * menus are cleared and the routes-loaded flag is false; a load in flight is discarded.
 */
export function resetDynamicRoutes(): void {
  generation += 1;
  inFlight = undefined;
  activeIds.clear();
  activeRoutes = [];
  usePermissionStore.getState().reset();
  for (const reset of [...resets]) reset();
}

// Signing out, or the session ending, takes the caller's routes away.
sessionEvents.on('tokenCleared', resetDynamicRoutes);
