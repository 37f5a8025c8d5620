import { act, screen, waitFor, within } from '@testing-library/react';
import { createHashRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useUserPreferences } from './shared/preferences/user-preferences-store';
import { useSession } from './shared/session/session-store';
import { renderWithApp } from './shared/test/render-with-app';
import { appRoutes, guardStartAddress } from './routes';

// The login page is a lazy chunk: loaded (and, in tests, compiled) once here, so a test that ends
// on it waits for the page to render, not for its first compilation on a busy machine.
beforeAll(async () => {
  await import('./studio/auth/login-page');
});

const signIn = () =>
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'a', refreshToken: 'r' });

afterEach(() => {
  useSession.getState().clearTokens();
});

describe('app routes with the guard', () => {
  it('shows a signed-out visitor at / the landing page, with its ways to sign up and sign in', async () => {
    useUserPreferences.getState().setMenuDefaultActive(4);
    const { router } = await renderWithApp(appRoutes, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your own shop, run from your phone' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(useUserPreferences.getState().menuDefaultActive).toBe(1);
    // The studio's menu is not there: the landing page is not inside the studio's layout.
    expect(screen.queryByRole('navigation', { name: 'Studio menu' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('LinkStore'));

    const main = screen.getByRole('main');
    (await within(main).findByRole('link', { name: 'Sign in' })).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Login - LinkStore'));
  });

  it('takes a signed-in creator from / to the studio home, and from the landing page too', async () => {
    signIn();
    const { router } = await renderWithApp(appRoutes, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Your own shop, run from your phone' })).toBeNull();
    await act(() => router.navigate('/welcome'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user from /login to home', async () => {
    signIn();
    const { router } = await renderWithApp(appRoutes, '/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(document.title).toBe('Home - LinkStore'));
  });

  it('shows home at /index for a signed-in user', async () => {
    signIn();
    await renderWithApp(appRoutes, '/index');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it('sends unmatched paths to /404 with a way home', async () => {
    const { router } = await renderWithApp(appRoutes, '/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeInTheDocument();
  });

  it('renders the 401 page', async () => {
    await renderWithApp(appRoutes, '/401');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeInTheDocument();
  });

  it('follows the redirect helper to the captured path, keeping the query, and uses the title query', async () => {
    const { router } = await renderWithApp(appRoutes, '/redirect/register?title=Join%20us');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your LinkStore' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.location.search).toBe('?title=Join%20us');
    await waitFor(() => expect(document.title).toBe('Join us - LinkStore'));
  });

  it('does not rerun the guard for a duplicate navigation', async () => {
    signIn();
    const { router } = await renderWithApp(appRoutes, '/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    useUserPreferences.getState().setMenuDefaultActive(3);
    await act(() => router.navigate('/'));
    expect(useUserPreferences.getState().menuDefaultActive).toBe(3);
    await act(() => router.navigate('/index'));
    expect(useUserPreferences.getState().menuDefaultActive).toBe(1);
  });

  it('logs out from home: tokens cleared, back at the login page', async () => {
    signIn();
    const { router } = await renderWithApp(appRoutes, '/');
    (await screen.findByRole('button', { name: 'Log out' })).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(await screen.findByText('You have been logged out')).toBeInTheDocument();
  });
});

describe('hash history', () => {
  it('sends a visitor opening / to the landing page before the router starts, so no studio page loads', () => {
    useUserPreferences.getState().setMenuDefaultActive(4);
    window.location.hash = '#/?lang=es';
    guardStartAddress();
    expect(window.location.hash).toBe('#/welcome');
    expect(useUserPreferences.getState().menuDefaultActive).toBe(1);
    window.location.hash = '#/register';
    guardStartAddress();
    expect(window.location.hash).toBe('#/register');
  });

  it('leaves a signed-in creator at / and sends them from the landing page home before the start', () => {
    signIn();
    window.location.hash = '#/';
    guardStartAddress();
    expect(window.location.hash).toBe('#/');
    window.location.hash = '#/welcome';
    guardStartAddress();
    expect(window.location.hash).toBe('#/');
  });

  it('runs the guard on the path inside the hash', async () => {
    window.location.hash = '#/index?lang=es';
    const router = createHashRouter(appRoutes);
    await waitFor(() => expect(router.state.initialized).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(window.location.hash).toBe('#/welcome');
    router.dispose();
  });
});
