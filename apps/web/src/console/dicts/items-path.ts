import type { TRouteNode } from '@linkstore/contract';
import { usePermissionStore } from '../../shared/router/dynamic-routes';

/** The items page's component string: a hidden menu under System. */
export const DICT_ITEMS_COMPONENT = 'system/dict/data';
/** Where the seeded menu puts it, for when the route tree does not say. */
const DEFAULT_ITEMS_PATH = '/system/dict-data';

function join(parent: string, path: string): string {
  return path.startsWith('/') ? path : `${parent.replace(/\/+$/, '')}/${path}`;
}

/** The full path of the first route showing `component`, depth first. */
export function findComponentPath(
  nodes: readonly TRouteNode[],
  component: string,
  parent = '',
): string | undefined {
  for (const node of nodes) {
    const path = join(parent, node.path);
    if (node.component === component) return path;
    const found = findComponentPath(node.children ?? [], component, path);
    if (found) return found;
  }
  return undefined;
}

/** The link to a dictionary's items, wherever the operator's menus put the items page. */
export function useDictItemsLink(): (dictCode: string) => string {
  const routes = usePermissionStore((state) => state.routes);
  const path = findComponentPath(routes, DICT_ITEMS_COMPONENT) ?? DEFAULT_ITEMS_PATH;
  return (dictCode) => `${path}?${new URLSearchParams({ dictCode }).toString()}`;
}
