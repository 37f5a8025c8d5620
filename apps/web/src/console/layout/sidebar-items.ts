import type { TRouteNode } from '@linkstore/contract';
import { isExternalPath } from '../../shared/router/dynamic-routes';

/**
 * The sidebar's entries from the caller's route tree: hidden items are
 * skipped; a parent with a single visible child (that has no visible children of its own) shows
 * that child directly unless `alwaysShow`; a parent with no visible child is a link itself;
 * leaves link to their full path with `query = meta.params`; EXTLINK paths open in a new tab.
 */
export interface TSidebarEntry {
  /** The full path (or the URL of an external link): unique, and the menu's selected key. */
  key: string;
  /** The server's title; translate with `translateRouteTitle` when rendering. */
  title: string;
  icon?: string | undefined;
  /** Leaves only: where the link goes. */
  link?: { pathname: string; search: string; isExternal: boolean } | undefined;
  children?: TSidebarEntry[] | undefined;
}

export function resolvePath(parentPath: string, path: string): string {
  if (isExternalPath(path)) return path;
  if (path.startsWith('/')) return path;
  const joined = `${parentPath.replace(/\/+$/, '')}/${path}`.replace(/\/{2,}/g, '/');
  return joined.length > 1 ? joined.replace(/\/+$/, '') : joined;
}

const visibleChildren = (node: TRouteNode) => (node.children ?? []).filter((child) => !child.meta.hidden);

function leaf(node: TRouteNode, fullPath: string): TSidebarEntry {
  const isExternal = isExternalPath(fullPath);
  const params = node.meta.params;
  const search =
    !isExternal && params && Object.keys(params).length > 0
      ? `?${new URLSearchParams(params).toString()}`
      : '';
  return {
    key: fullPath,
    title: node.meta.title,
    icon: node.meta.icon,
    link: { pathname: fullPath, search, isExternal },
  };
}

export function buildSidebarEntries(nodes: readonly TRouteNode[], parentPath = '/'): TSidebarEntry[] {
  const entries: TSidebarEntry[] = [];
  for (const node of nodes) {
    if (node.meta.hidden) continue;
    const fullPath = resolvePath(parentPath, node.path);
    const shown = visibleChildren(node);
    const only = shown.length === 1 ? shown[0] : undefined;
    if (only && !node.meta.alwaysShow && visibleChildren(only).length === 0) {
      entries.push(leaf(only, resolvePath(fullPath, only.path)));
    } else if (shown.length === 0) {
      entries.push(leaf(node, fullPath));
    } else {
      entries.push({
        key: fullPath,
        title: node.meta.title,
        icon: node.meta.icon,
        children: buildSidebarEntries(shown, fullPath),
      });
    }
  }
  return entries;
}

/** Keys of the submenus that contain `pathname` (to open them), outermost first. */
export function openKeysFor(entries: readonly TSidebarEntry[], pathname: string): string[] {
  for (const entry of entries) {
    if (entry.link?.pathname === pathname) return [];
    if (entry.children) {
      const inner = openKeysFor(entry.children, pathname);
      const contains = inner.length > 0 || containsLink(entry.children, pathname);
      if (contains) return [entry.key, ...inner];
    }
  }
  return [];
}

function containsLink(entries: readonly TSidebarEntry[], pathname: string): boolean {
  return entries.some(
    (entry) =>
      entry.link?.pathname === pathname || (entry.children ? containsLink(entry.children, pathname) : false),
  );
}
