import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { renderWithApp } from '../../shared/test/render-with-app';
import { LoginPage } from './login-page';

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/', Component: () => <h1>Home stand-in</h1> },
];

afterEach(() => {
  useSession.getState().clearTokens();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('renders the sign-in form with accessible names', async () => {
    await renderWithApp(routes, '/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Sign in with Google' }).getAttribute('href')).toMatch(
      /\/api\/v1\/auth\/oauth\/google$/,
    );
    expect(screen.getByRole('link', { name: 'Sign in with Facebook' }).getAttribute('href')).toMatch(
      /\/api\/v1\/auth\/oauth\/facebook$/,
    );
  });

  it('toggles password visibility', async () => {
    const user = userEvent.setup();
    await renderWithApp(routes, '/login');
    await user.click(await screen.findByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('shows validation messages instead of submitting', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchSpy);
    const user = userEvent.setup();
    await renderWithApp(routes, '/login');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(await screen.findByText('Please enter your password')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('switches language from the top bar, persists it and confirms', async () => {
    const user = userEvent.setup();
    await renderWithApp(routes, '/login');
    await user.click(await screen.findByRole('button', { name: 'Language' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Español' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido de nuevo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Idioma' })).toBeInTheDocument();
    expect(await screen.findByText('¡Idioma cambiado correctamente!')).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('signs in with a multipart post, stores the tokens and goes home', async () => {
    const fetchSpy = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        Response.json({
          code: 1,
          msg: '',
          data: { tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const user = userEvent.setup();
    await renderWithApp(routes, '/login');
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toEqual(expect.stringMatching(/\/api\/v1\/auth\/login$/));
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('username')).toBe('ana@example.com');
    expect(body.get('password')).toBe('secret-pass');
    await waitFor(() => expect(localStorage.getItem('access_token')).toBe('Bearer acc'));
    expect(localStorage.getItem('refresh_token')).toBe('ref');
  });
});
