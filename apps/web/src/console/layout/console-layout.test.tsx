// Own modules: its settings drawer ignored Escape in two fresh-clone runs when it shared a worker
// with the files before it (never on its own); the module state behind it is not found yet.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRouteNode } from '@linkstore/contract';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { useSettings } from '../../shared/preferences/settings-store';
import { resetDynamicRoutes, usePermissionStore } from '../../shared/router/dynamic-routes';
import { renderWithApp } from '../../shared/test/render-with-app';
import { paintedPrimary } from '../../shared/theme/theme-config';
import ConsoleLayout from './console-layout';
import styles from './console-layout.module.css';

/** The breadcrumbs' class (a phone's tap size is set on it). */
const BREADCRUMBS = String(styles.breadcrumbs);

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
    meta: meta('System settings', { icon: 'system' }),
    children: [
      {
        path: 'user',
        component: 'system/user/index',
        name: 'User',
        meta: meta('Users', { params: { tab: 'all' } }),
      },
      { path: 'role', component: 'system/role/index', name: 'Role', meta: meta('Roles') },
      {
        path: 'ghost',
        component: 'system/ghost/index',
        name: 'Ghost',
        meta: meta('Ghost page', { hidden: true }),
      },
    ],
  },
  {
    path: '/tools',
    component: 'Layout',
    name: 'Tools',
    meta: meta('Tools'),
    children: [
      { path: 'codegen', component: 'codegen/index', name: 'Codegen', meta: meta('Code generator') },
    ],
  },
  {
    path: '/kept',
    component: 'Layout',
    name: 'Kept',
    meta: meta('Kept group', { alwaysShow: true }),
    children: [{ path: 'only', component: 'kept/index', name: 'Only', meta: meta('Only child') }],
  },
  { path: 'https://docs.example.com', component: null, name: 'Docs', meta: meta('Docs') },
];

const page = (text: string) => () => <p>{text}</p>;
const routes = [
  {
    path: '/',
    Component: ConsoleLayout,
    children: [
      { path: 'console', handle: { titleKey: 'route.title.console' }, Component: page('Home page') },
      {
        path: 'system',
        handle: { title: 'System settings' },
        Component: Outlet,
        children: [{ path: 'user', handle: { title: 'Users' }, Component: page('User page') }],
      },
      { path: '*', Component: page('Other page') },
    ],
  },
];

const sidebar = () => screen.getAllByRole('navigation', { name: 'Console menu' })[0] as HTMLElement;

beforeEach(() => {
  usePermissionStore.getState().setRoutes(TREE);
  useAppPreferences.setState({ device: 'desktop', sidebar: { isOpened: true, isWithoutAnimation: false } });
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  resetDynamicRoutes();
  useAppPreferences.getState().setSize('default');
  useSettings.getState().resetSettings();
});

const storedSettings = () => JSON.parse(localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;

describe('ConsoleLayout', () => {
  it('builds the sidebar from the route tree with the sidebar rules', async () => {
    const user = userEvent.setup();
    await renderWithApp(routes, '/system/user');
    const nav = await waitFor(sidebar);
    expect(within(nav).getByRole('link', { name: 'Console home' })).toHaveAttribute('href', '/console');
    // The open submenu shows its visible children; the hidden one is skipped.
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/system/user?tab=all');
    expect(within(nav).getByRole('link', { name: 'Roles' })).toHaveAttribute('href', '/system/role');
    expect(within(nav).queryByText('Ghost page')).not.toBeInTheDocument();
    // A single visible child stands in for its parent…
    expect(within(nav).getByRole('link', { name: 'Code generator' })).toHaveAttribute(
      'href',
      '/tools/codegen',
    );
    expect(within(nav).queryByText('Tools')).not.toBeInTheDocument();
    // …unless the parent is alwaysShow.
    const kept = within(nav).getByText('Kept group');
    expect(within(nav).queryByRole('link', { name: 'Only child' })).not.toBeInTheDocument();
    await user.click(kept);
    expect(await within(nav).findByRole('link', { name: 'Only child' })).toHaveAttribute(
      'href',
      '/kept/only',
    );
    // External links open in a new tab.
    const docs = within(nav).getByRole('link', { name: 'Docs' });
    expect(docs).toHaveAttribute('href', 'https://docs.example.com');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('navigates with the leaf query and shows the page', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, '/console');
    const nav = await waitFor(sidebar);
    await user.click(within(nav).getByText('System settings'));
    await user.click(await within(nav).findByRole('link', { name: 'Users' }));
    expect(await screen.findByText('User page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=all');
  });

  it('persists the collapsed state in sidebarStatus', async () => {
    const user = userEvent.setup();
    await renderWithApp(routes, '/console');
    await user.click(await screen.findByRole('button', { name: 'Collapse menu' }));
    expect(localStorage.getItem('sidebarStatus')).toBe('closed');
    expect(useAppPreferences.getState().sidebar.isOpened).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(localStorage.getItem('sidebarStatus')).toBe('opened');
  });

  it('shows breadcrumbs from the matched routes, the console home first', async () => {
    await renderWithApp(routes, '/system/user');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Console home' })).toHaveAttribute('href', '/console');
    expect(crumbs).toHaveTextContent(/Console home.*System settings.*Users/);
  });

  it('switches the layout size and confirms it', async () => {
    const user = userEvent.setup();
    await renderWithApp(routes, '/console');
    await user.click(await screen.findByRole('button', { name: 'Layout size' }));
    await user.click(await screen.findByText('Large'));
    expect(await screen.findByText('Switch Layout Size Successful!')).toBeInTheDocument();
    expect(localStorage.getItem('size')).toBe('large');
  });

  it('turns the sidebar into a drawer below 992 px', async () => {
    window.innerWidth = 800;
    const user = userEvent.setup();
    await renderWithApp(routes, '/console');
    await waitFor(() => expect(useAppPreferences.getState().device).toBe('mobile'));
    // Entering mobile closes the sidebar; the toggle opens the drawer.
    expect(screen.queryByRole('navigation', { name: 'Console menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand menu' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('link', { name: 'Code generator' }));
    await waitFor(() => expect(useAppPreferences.getState().sidebar.isOpened).toBe(false));
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    act(() => {
      window.innerWidth = 1280;
      window.dispatchEvent(new Event('resize'));
    });
    expect(useAppPreferences.getState().device).toBe('desktop');
  });

  it('on a phone: the device on the shell (its 44 px tap targets hang on it), the language as its globe', async () => {
    window.innerWidth = 360;
    const { container } = await renderWithApp(routes, '/system/user');
    await waitFor(() => expect(container.querySelector('[data-device="mobile"]')).not.toBeNull());
    const language = screen.getByRole('button', { name: 'Language: English' });
    expect(language).not.toHaveTextContent('English');
    // The breadcrumbs (under the bar on a phone) carry the class their tap size is set on.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveClass(BREADCRUMBS);
    act(() => {
      window.innerWidth = 1280;
      window.dispatchEvent(new Event('resize'));
    });
    expect(container.querySelector('[data-device="desktop"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Language: English' })).toHaveTextContent('English');
  });

  it('says, on a phone, that a top or mixed layout waits for a wider screen', async () => {
    window.innerWidth = 360;
    const user = userEvent.setup();
    await renderWithApp(routes, '/console');
    await waitFor(() => expect(useAppPreferences.getState().device).toBe('mobile'));
    await user.click(await screen.findByRole('button', { name: 'Open settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Project settings' });
    const note = (layout: string) =>
      `On a phone the menu always opens from the side: the “${layout}” layout applies on wider screens.`;
    expect(within(drawer).queryByText(/^On a phone/)).toBeNull();
    await user.click(within(drawer).getByRole('radio', { name: 'Top' }));
    expect(within(drawer).getByRole('status')).toHaveTextContent(note('Top'));
    await user.click(within(drawer).getByRole('radio', { name: 'Mixed' }));
    expect(within(drawer).getByRole('status')).toHaveTextContent(note('Mixed'));
    await user.click(within(drawer).getByRole('radio', { name: 'Left' }));
    expect(within(drawer).queryByText(/^On a phone/)).toBeNull();
  });

  it('says nothing of phones on a wide screen, whatever the layout', async () => {
    const user = userEvent.setup();
    await renderWithApp(routes, '/console');
    await user.click(await screen.findByRole('button', { name: 'Open settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Project settings' });
    await user.click(within(drawer).getByRole('radio', { name: 'Top' }));
    expect(within(drawer).queryByText(/^On a phone/)).toBeNull();
  });

  it('has the notice bell in the navbar (no count drawn at 0)', async () => {
    await renderWithApp(routes, '/console');
    const bell = await screen.findByRole('button', { name: 'Notices: 0 unread' });
    expect(bell.querySelector('.ant-badge-count')).toBeNull();
  });

  it('keeps every settings choice under the settings key, with the default settings', async () => {
    const user = userEvent.setup();
    const { container } = await renderWithApp(routes, '/console');
    await user.click(await screen.findByRole('button', { name: 'Open settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Project settings' });

    // Defaults: light, #4080FF, tags view and logo on, watermark off, layout left.
    expect(within(drawer).getByRole('radio', { name: '#4080FF' })).toHaveAttribute('aria-checked', 'true');
    // The colour picker opens from a button named with the colour it shows (label in name).
    expect(within(drawer).getByRole('button', { name: 'Theme colour: #4080FF' })).toHaveTextContent(
      '#4080FF',
    );
    expect(within(drawer).getByRole('switch', { name: 'Tags view' })).toBeChecked();
    expect(within(drawer).getByRole('switch', { name: 'Sidebar logo' })).toBeChecked();
    expect(within(drawer).getByRole('switch', { name: 'Watermark' })).not.toBeChecked();
    expect(within(drawer).getByRole('radio', { name: 'Left' })).toBeChecked();

    await user.click(within(drawer).getByText('Dark'));
    await user.click(within(drawer).getByRole('radio', { name: '#ff4500' }));
    await user.click(within(drawer).getByRole('switch', { name: 'Tags view' }));
    await user.click(within(drawer).getByRole('switch', { name: 'Sidebar logo' }));
    await user.click(within(drawer).getByRole('switch', { name: 'Watermark' }));
    await user.click(within(drawer).getByRole('radio', { name: 'Top' }));

    expect(storedSettings()).toMatchObject({
      theme: 'dark',
      themeColor: '#ff4500',
      tagsView: false,
      sidebarLogo: false,
      watermarkEnabled: true,
      layout: 'top',
    });
    expect(within(drawer).getByRole('radio', { name: '#ff4500' })).toHaveAttribute('aria-checked', 'true');
    // The setting keeps the chosen colour; the page paints it lightened to read on dark surfaces.
    expect(document.documentElement.style.getPropertyValue('--linkstore-primary')).toBe(
      paintedPrimary(true, '#ff4500'),
    );
    expect(screen.queryByRole('navigation', { name: 'Visited pages' })).not.toBeInTheDocument();
    expect(container.querySelector('[data-layout="top"]')).not.toBeNull();
  });

  it('closes the settings drawer on Escape, also after a choice in it', async () => {
    const user = userEvent.setup();
    await renderWithApp(routes, '/console');
    const open = await screen.findByRole('button', { name: 'Open settings' });
    await user.click(open);
    let drawer = await screen.findByRole('dialog', { name: 'Project settings' });
    // The drawer listens for Escape from an effect that runs after it is drawn, and closes only as
    // the top entry of antd's Escape stack (module state, emptied after each test by the setup).
    // A key that came before the effect reached no listener; a person presses again, so does this.
    await waitFor(async () => {
      await user.keyboard('{Escape}');
      expect(drawer).not.toBeVisible();
    });

    await user.click(open);
    drawer = await screen.findByRole('dialog', { name: 'Project settings' });
    await user.click(within(drawer).getByRole('switch', { name: 'Watermark' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(drawer).not.toBeVisible());
    useSettings.getState().changeSetting('watermarkEnabled', false);
  });
});
