import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRouteNode } from '@linkstore/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, initI18n } from '../../shared/i18n/i18n';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import {
  resetDynamicRoutes,
  translateRouteTitle,
  usePermissionStore,
} from '../../shared/router/dynamic-routes';
import { renderWithApp } from '../../shared/test/render-with-app';
import ConsoleLayout from './console-layout';
import { filterMenuEntries, flattenMenuEntries, type TMenuSearchEntry } from './menu-search';
import { buildSidebarEntries } from './sidebar-items';

const meta = (title: string, extra: Partial<TRouteNode['meta']> = {}): TRouteNode['meta'] => ({
  title,
  hidden: false,
  keepAlive: false,
  alwaysShow: false,
  ...extra,
});

const TREE: TRouteNode[] = [
  {
    path: '/system',
    component: 'Layout',
    name: 'System',
    meta: meta('System'),
    children: [
      {
        path: 'user',
        component: 'system/user/index',
        name: 'User',
        meta: meta('Users', { params: { a: '1' } }),
      },
      { path: 'role', component: 'system/role/index', name: 'Role', meta: meta('Roles') },
      { path: 'config', component: 'system/config/index', name: 'Config', meta: meta('Configuration') },
      {
        path: 'ghost',
        component: 'system/ghost/index',
        name: 'Ghost',
        meta: meta('Ghost page', { hidden: true }),
      },
    ],
  },
  { path: 'https://docs.example.com', component: null, name: 'Docs', meta: meta('Docs') },
];

const entry = (title: string, trail: string[] = []): TMenuSearchEntry => ({
  key: title,
  title,
  trail,
  link: { pathname: `/${title}`, search: '', isExternal: false },
});

describe('menu search filtering', () => {
  const entries = [
    entry('Users'),
    entry('Roles'),
    entry('Dictionary items'),
    entry('Configuración'),
    entry('User groups'),
    entry('Super users'),
  ];
  const titles = (found: TMenuSearchEntry[]) => found.map((candidate) => candidate.title);

  it('lists everything for an empty query', () => {
    expect(titles(filterMenuEntries(entries, '   '))).toEqual(titles(entries));
  });

  it('matches the title anywhere, ignoring case and accents; titles that start with it first', () => {
    expect(titles(filterMenuEntries(entries, 'USER'))).toEqual(['Users', 'User groups', 'Super users']);
    expect(titles(filterMenuEntries(entries, 'configuracion'))).toEqual(['Configuración']);
    expect(titles(filterMenuEntries(entries, ' items '))).toEqual(['Dictionary items']);
    expect(filterMenuEntries(entries, 'zzz')).toEqual([]);
  });

  it('takes the visible pages of the menu, with translated titles and their parents', async () => {
    await initI18n('en');
    const flat = flattenMenuEntries(buildSidebarEntries(TREE), translateRouteTitle);
    expect(flat.map(({ title, trail }) => [title, trail.join('/')])).toEqual([
      ['Users', 'System'],
      ['Roles', 'System'],
      ['Configuration', 'System'],
      ['Docs', ''],
    ]);
    expect(flat[0]?.link).toEqual({ pathname: '/system/user', search: '?a=1', isExternal: false });
    expect(flat[3]?.link.isExternal).toBe(true);
  });
});

const page = (text: string) => () => <p>{text}</p>;
const routes = [
  {
    path: '/',
    Component: ConsoleLayout,
    children: [
      { path: 'console', Component: page('Home page') },
      { path: 'system/user', Component: page('User page') },
      { path: 'system/role', Component: page('Role page') },
      { path: 'system/config', Component: page('Config page') },
    ],
  },
];

const options = () =>
  within(screen.getByRole('listbox', { name: 'Matching pages' }))
    .getAllByRole('option')
    .map((option) => option.firstChild?.firstChild?.textContent);

describe('MenuSearch', () => {
  beforeEach(() => {
    usePermissionStore.getState().setRoutes(TREE);
    useAppPreferences.setState({ device: 'desktop', sidebar: { isOpened: true, isWithoutAnimation: false } });
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
  });

  afterEach(async () => {
    resetDynamicRoutes();
    await applyLanguage('en');
  });

  it('opens with Ctrl+K, filters by title and opens the chosen page with Enter', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, '/console');
    await screen.findByText('Home page');
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search menu' });
    const input = within(dialog).getByRole('combobox', { name: 'Menu search' });
    await waitFor(() => expect(input).toHaveFocus());
    // Everything at first (the console home too); the hidden page never.
    expect(options()).toEqual(['Console home', 'Users', 'Roles', 'Configuration', 'Docs']);

    await user.type(input, 'rol');
    expect(options()).toEqual(['Roles']);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Role page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/role');
  });

  it('moves with the arrow keys and keeps the leaf query', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, '/console');
    await user.click(await screen.findByRole('button', { name: 'Search menu' }));
    const input = await screen.findByRole('combobox', { name: 'Menu search' });
    await user.type(input, 's');
    // These contain an s; none starts with one. The first is chosen.
    expect(options()).toEqual(['Console home', 'Users', 'Roles', 'Docs']);
    const selected = () => screen.getByRole('option', { selected: true });
    expect(selected()).toHaveTextContent('Console home');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(selected()).toHaveTextContent('Docs');
    expect(input).toHaveAttribute('aria-activedescendant', selected().id);
    // Round the ends.
    await user.keyboard('{ArrowDown}');
    expect(selected()).toHaveTextContent('Console home');
    await user.keyboard('{ArrowUp}');
    expect(selected()).toHaveTextContent('Docs');
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    expect(await screen.findByText('User page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?a=1');
  });

  it('opens an external link in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, '/console');
    await user.click(await screen.findByRole('button', { name: 'Search menu' }));
    await user.type(await screen.findByRole('combobox', { name: 'Menu search' }), 'docs');
    await user.click(screen.getByRole('option', { name: /Docs/ }));
    expect(open).toHaveBeenCalledWith('https://docs.example.com', '_blank', 'noopener,noreferrer');
    expect(router.state.location.pathname).toBe('/console');
  });

  it('searches the titles in the current language and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderWithApp(routes, '/console');
    await screen.findByText('Home page');
    await act(async () => {
      await applyLanguage('es');
    });
    await user.click(await screen.findByRole('button', { name: 'Buscar en el menú' }));
    const input = await screen.findByRole('combobox', { name: 'Búsqueda en el menú' });
    await user.type(input, 'usuario');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.firstChild?.firstChild?.textContent),
    ).toEqual(['Usuarios']);
    await user.clear(input);
    await user.type(input, 'users');
    expect(await screen.findByText('Ningún menú coincide')).toBeInTheDocument();
  });
});
