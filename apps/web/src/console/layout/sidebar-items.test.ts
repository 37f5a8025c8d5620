import { describe, expect, it } from 'vitest';
import type { TRouteNode } from '@linkstore/contract';
import { buildSidebarEntries, openKeysFor } from './sidebar-items';

const meta = (title: string, extra: Partial<TRouteNode['meta']> = {}): TRouteNode['meta'] => ({
  title,
  hidden: false,
  keepAlive: false,
  alwaysShow: false,
  ...extra,
});
const node = (path: string, title: string, extra: Partial<TRouteNode> = {}): TRouteNode => ({
  path,
  component: 'x/index',
  name: title,
  meta: meta(title),
  ...extra,
});

describe('buildSidebarEntries', () => {
  it('skips hidden items and nests visible children under their parent path', () => {
    const [system] = buildSidebarEntries([
      node('/system', 'System', {
        component: 'Layout',
        children: [
          node('user', 'Users'),
          node('/system/role', 'Roles'),
          node('ghost', 'Ghost', { meta: meta('Ghost', { hidden: true }) }),
        ],
      }),
      node('/secret', 'Secret', { meta: meta('Secret', { hidden: true }) }),
    ]);
    expect(system?.key).toBe('/system');
    expect(system?.children?.map((entry) => [entry.title, entry.link?.pathname])).toEqual([
      ['Users', '/system/user'],
      ['Roles', '/system/role'],
    ]);
  });

  it('shows a single visible child directly, unless the parent is alwaysShow', () => {
    const single = (alwaysShow: boolean) =>
      node('/tools', 'Tools', {
        component: 'Layout',
        meta: meta('Tools', { alwaysShow }),
        children: [node('gen', 'Generator'), node('old', 'Old', { meta: meta('Old', { hidden: true }) })],
      });
    expect(buildSidebarEntries([single(false)])).toEqual([
      {
        key: '/tools/gen',
        title: 'Generator',
        icon: undefined,
        link: { pathname: '/tools/gen', search: '', isExternal: false },
      },
    ]);
    const [kept] = buildSidebarEntries([single(true)]);
    expect(kept?.title).toBe('Tools');
    expect(kept?.link).toBeUndefined();
    expect(kept?.children?.map((entry) => entry.key)).toEqual(['/tools/gen']);
  });

  it('keeps the parent when its single child has children of its own', () => {
    const [entry] = buildSidebarEntries([
      node('/multi', 'Multi', {
        children: [node('level1', 'Level 1', { children: [node('level2', 'Level 2')] })],
      }),
    ]);
    expect(entry?.key).toBe('/multi');
    // level1's own single child stands in for it.
    expect(entry?.children?.map((child) => child.link?.pathname)).toEqual(['/multi/level1/level2']);
  });

  it('puts meta.params in the query and marks external links', () => {
    const entries = buildSidebarEntries([
      node('/route-param/type1', 'Type 1', { meta: meta('Type 1', { params: { type: '1', q: 'a b' } }) }),
      node('https://docs.example.com', 'Docs', {
        component: null,
        meta: meta('Docs', { params: { x: '1' } }),
      }),
    ]);
    expect(entries[0]?.link).toEqual({
      pathname: '/route-param/type1',
      search: '?type=1&q=a+b',
      isExternal: false,
    });
    expect(entries[1]?.link).toEqual({ pathname: 'https://docs.example.com', search: '', isExternal: true });
  });

  it('opens the submenus that contain the current page', () => {
    const entries = buildSidebarEntries([
      node('/a', 'A', {
        children: [node('b', 'B', { children: [node('c', 'C'), node('d', 'D')] }), node('e', 'E')],
      }),
    ]);
    expect(openKeysFor(entries, '/a/b/d')).toEqual(['/a', '/a/b']);
    expect(openKeysFor(entries, '/a/e')).toEqual(['/a']);
    expect(openKeysFor(entries, '/elsewhere')).toEqual([]);
  });
});
