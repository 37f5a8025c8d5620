import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUserPreferences } from '../../shared/preferences/user-preferences-store';
import { useSession } from '../../shared/session/session-store';
import { useUser } from '../../shared/session/user-store';
import { CAPTCHA_IMAGE, createFakeApi, fail, ok, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { LoginPage } from './login-page';

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/', Component: () => <h1>Home stand-in</h1> },
];
const LOGIN = 'POST /api/v1/auth/login';
const CAPTCHA = 'GET /api/v1/auth/captcha';

afterEach(() => {
  useSession.getState().clearTokens();
});

function fakeApi(handlers: Record<string, TFakeHandler> = {}) {
  const api = createFakeApi(handlers);
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-pass1');
  await user.type(screen.getByLabelText('Verification code'), 'ab12');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('renders the sign-in form with accessible names and the captcha image as a refresh button', async () => {
    fakeApi();
    await renderWithApp(routes, '/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    // An email-only field: autocomplete names what it holds (HTML_CodeSniffer, WCAG 1.3.5).
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Verification code image' })).toHaveAttribute(
      'src',
      `${CAPTCHA_IMAGE}#1`,
    );
    expect(screen.getByRole('button', { name: 'Refresh the verification code image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Sign in with Google' }).getAttribute('href')).toMatch(
      /\/api\/v1\/auth\/oauth\/google\?returnTo=%2F$/,
    );
    expect(screen.getByRole('link', { name: 'Sign in with Facebook' }).getAttribute('href')).toMatch(
      /\/api\/v1\/auth\/oauth\/facebook\?returnTo=%2F$/,
    );
    expect(screen.getByRole('link', { name: 'Open LinkStore for free' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('showing the form resets the menu to its first item', async () => {
    fakeApi();
    useUserPreferences.getState().setMenuDefaultActive(3);
    await renderWithApp(routes, '/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(useUserPreferences.getState()).toMatchObject({ menuDefaultActive: 1, isLoginFormShown: true });
  });

  it('loads a new captcha when the image is clicked', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    await renderWithApp(routes, '/login');
    await screen.findByRole('img', { name: 'Verification code image' });
    await user.click(screen.getByRole('button', { name: 'Refresh the verification code image' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Verification code image' })).toHaveAttribute(
        'src',
        `${CAPTCHA_IMAGE}#2`,
      ),
    );
    expect(api.callsTo(CAPTCHA)).toHaveLength(2);
  });

  it('toggles password visibility', async () => {
    fakeApi();
    const user = userEvent.setup();
    await renderWithApp(routes, '/login');
    await user.click(await screen.findByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('shows validation messages instead of submitting', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    await renderWithApp(routes, '/login');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(await screen.findByText('Please enter your password')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the verification code')).toBeInTheDocument();
    expect(api.callsTo(LOGIN)).toHaveLength(0);
  });

  it('switches language from the top bar, persists it and confirms', async () => {
    fakeApi();
    const user = userEvent.setup();
    await renderWithApp(routes, '/login');
    await user.click(await screen.findByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Español' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido de nuevo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Idioma: Español' })).toBeInTheDocument();
    expect(await screen.findByText('¡Idioma cambiado correctamente!')).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('signs in with a multipart post carrying the captcha, stores the tokens, loads the user, goes home', async () => {
    const api = fakeApi({
      [LOGIN]: () => ok({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }),
    });
    const user = userEvent.setup();
    await renderWithApp(routes, '/login');
    await screen.findByRole('img', { name: 'Verification code image' });
    await fillAndSubmit(user);

    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    const [request] = api.callsTo(LOGIN);
    expect(request?.headers.Authorization).toBeUndefined();
    const body = request?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(body.entries())).toEqual({
      username: 'ana@example.com',
      password: 'secret-pass1',
      captchaKey: 'key-1',
      captchaCode: 'ab12',
    });
    expect(localStorage.getItem('access_token')).toBe('Bearer acc');
    expect(localStorage.getItem('refresh_token')).toBe('ref');
    expect(api.callsTo('GET /api/v1/users/me')[0]?.headers.Authorization).toBe('Bearer acc');
    await waitFor(() => expect(useUser.getState().info?.user.nickname).toBe('Ana'));
  });

  it('maps A0210 to a message in the form and loads a new captcha', async () => {
    const api = fakeApi({ [LOGIN]: () => fail('A0210', 'Bad credentials (server)') });
    const user = userEvent.setup();
    await renderWithApp(routes, '/login');
    await screen.findByRole('img', { name: 'Verification code image' });
    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    await waitFor(() => expect(api.callsTo(CAPTCHA)).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Verification code image' })).toHaveAttribute(
        'src',
        `${CAPTCHA_IMAGE}#2`,
      ),
    );
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(screen.queryByText('some error')).not.toBeInTheDocument();
  });

  it('maps A0241 to the captcha message on the captcha field and reloads the captcha', async () => {
    const api = fakeApi({ [LOGIN]: () => fail('A0241', 'Captcha required', { captchaRequired: true }) });
    const user = userEvent.setup();
    await renderWithApp(routes, '/login');
    await screen.findByRole('img', { name: 'Verification code image' });
    await fillAndSubmit(user);
    expect(
      await screen.findByText('Please enter the verification code shown in the image'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(CAPTCHA)).toHaveLength(2));
  });

  it('shows server field errors (A0400) on the matching fields', async () => {
    fakeApi({
      [LOGIN]: () =>
        fail('A0400', 'Validation failed', { fields: [{ field: 'username', message: 'Too long (server)' }] }),
    });
    const user = userEvent.setup();
    await renderWithApp(routes, '/login');
    await screen.findByRole('img', { name: 'Verification code image' });
    await fillAndSubmit(user);
    expect(await screen.findByText('Too long (server)')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables a social provider the server has not configured, and says so', async () => {
    fakeApi({ 'GET /api/v1/auth/oauth/providers': () => ok({ google: true, facebook: false }) });
    await renderWithApp(routes, '/login');
    expect(
      await screen.findByText('Sign-in with this provider is not available right now'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Facebook' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign in with Google' })).toBeInTheDocument();
  });
});
