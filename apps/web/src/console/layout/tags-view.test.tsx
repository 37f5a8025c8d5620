import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { useSettings } from '../../shared/preferences/settings-store';
import { resetDynamicRoutes } from '../../shared/router/dynamic-routes';
import { renderWithApp } from '../../shared/test/render-with-app';
import ConsoleLayout from './console-layout';
import { useTagsView } from './tags-view-store';

let userPageMounts = 0;
function UserPage() {
  useEffect(() => {
    userPageMounts += 1;
  }, []);
  return <p>User page</p>;
}

const page = (text: string) => () => <p>{text}</p>;
const routes = [
  {
    path: '/',
    Component: ConsoleLayout,
    children: [
      { path: 'console', handle: { titleKey: 'route.title.console' }, Component: page('Home page') },
      { path: 'system/user', handle: { titleKey: 'route.Users', title: 'Users' }, Component: UserPage },
      {
        path: 'system/role',
        handle: { titleKey: 'route.Roles', title: 'Roles' },
        Component: page('Role page'),
      },
      { path: 'tools/codegen', handle: { title: 'Code generator' }, Component: page('Codegen page') },
      { path: 'notices', handle: { titleKey: 'common:notices.myTitle' }, Component: page('My notices page') },
      { path: 'profile', handle: { titleKey: 'users:profile.title' }, Component: page('Profile page') },
    ],
  },
];

const tagsBar = () => screen.getByRole('navigation', { name: 'Visited pages' });
const tagNames = () =>
  within(tagsBar())
    .getAllByRole('link')
    .map((link) => link.textContent);

/** Opens the pages one after the other, as the sidebar would. */
async function visit(router: { navigate: (to: string) => Promise<void> }, ...paths: string[]) {
  for (const path of paths) await act(() => router.navigate(path));
}

beforeEach(() => {
  userPageMounts = 0;
  useAppPreferences.setState({ device: 'desktop', sidebar: { isOpened: true, isWithoutAnimation: false } });
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(async () => {
  resetDynamicRoutes();
  useSettings.getState().resetSettings();
  await applyLanguage('en');
});

describe('TagsView', () => {
  it('lists the visited pages after the affix home tag; a click opens the page', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, '/console');
    await screen.findByText('Home page');
    await visit(router, '/system/user?tab=all', '/system/role', '/system/user', '/tools/codegen');
    expect(tagNames()).toEqual(['Console home', 'Users', 'Roles', 'Code generator']);
    // The home tag cannot be closed; the others can.
    expect(within(tagsBar()).queryByRole('button', { name: 'Close Console home' })).not.toBeInTheDocument();
    expect(within(tagsBar()).getByRole('button', { name: 'Close Users' })).toBeInTheDocument();
    expect(within(tagsBar()).getByRole('link', { name: 'Code generator' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(tagsBar()).getByRole('link', { name: 'Users' }));
    expect(await screen.findByText('User page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/user');
  });

  it('names a page whose title key has its own namespace by its text, not its key', async () => {
    const { router } = await renderWithApp(routes, '/console');
    await screen.findByText('Home page');
    await visit(router, '/notices', '/profile');
    expect(tagNames()).toEqual(['Console home', 'My notices', 'My profile']);
  });

  it('closing the open page goes to its neighbour; closing another one stays', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, '/console');
    await visit(router, '/system/user', '/system/role', '/tools/codegen', '/system/role');
    await user.click(within(tagsBar()).getByRole('button', { name: 'Close Roles' }));
    expect(await screen.findByText('Codegen page')).toBeInTheDocument();
    expect(tagNames()).toEqual(['Console home', 'Users', 'Code generator']);

    await user.click(within(tagsBar()).getByRole('button', { name: 'Close Users' }));
    expect(tagNames()).toEqual(['Console home', 'Code generator']);
    expect(router.state.location.pathname).toBe('/tools/codegen');

    // The last one closed: back home.
    await user.click(within(tagsBar()).getByRole('button', { name: 'Close Code generator' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(tagNames()).toEqual(['Console home']);
  });

  it('has a context menu: close others, close right, close left, close all', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, '/console');
    await visit(router, '/system/user', '/system/role', '/tools/codegen');

    const openMenu = async (name: string) => {
      fireEvent.contextMenu(within(tagsBar()).getByRole('link', { name }));
      return screen.findAllByRole('menu');
    };
    const choose = async (tagName: string, item: string) => {
      const menus = await openMenu(tagName);
      await user.click(within(menus.at(-1) as HTMLElement).getByRole('menuitem', { name: item }));
    };

    await choose('Roles', 'Close right');
    expect(tagNames()).toEqual(['Console home', 'Users', 'Roles']);
    // The open page (Code generator) went with them: the chosen tag opens.
    expect(await screen.findByText('Role page')).toBeInTheDocument();

    await choose('Roles', 'Close left');
    expect(tagNames()).toEqual(['Console home', 'Roles']);

    await visit(router, '/system/user');
    await choose('Roles', 'Close others');
    expect(tagNames()).toEqual(['Console home', 'Roles']);
    expect(await screen.findByText('Role page')).toBeInTheDocument();

    await choose('Roles', 'Close all');
    expect(tagNames()).toEqual(['Console home']);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('refresh mounts the page again', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, '/console');
    await visit(router, '/system/user');
    await screen.findByText('User page');
    expect(userPageMounts).toBe(1);
    await user.click(within(tagsBar()).getByRole('button', { name: 'Tag actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Refresh' }));
    await waitFor(() => expect(userPageMounts).toBe(2));
    expect(useTagsView.getState().refreshKey).toBe(1);
    expect(screen.getByText('User page')).toBeInTheDocument();
  });

  it('translates the titles again when the language changes', async () => {
    const { router } = await renderWithApp(routes, '/console');
    await visit(router, '/system/user');
    expect(tagNames()).toEqual(['Console home', 'Users']);
    await act(async () => {
      await applyLanguage('es');
    });
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Páginas visitadas' })).toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Páginas visitadas' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Inicio de la consola', 'Usuarios']);
  });

  it('is shown only when the settings say so', async () => {
    await renderWithApp(routes, '/console');
    await screen.findByText('Home page');
    expect(tagsBar()).toBeInTheDocument();
    act(() => useSettings.getState().changeSetting('tagsView', false));
    expect(screen.queryByRole('navigation', { name: 'Visited pages' })).not.toBeInTheDocument();
  });
});
