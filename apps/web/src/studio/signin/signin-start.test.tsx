import { accountsRoutes, ErrorCode, OAUTH_START_PATH, RUNTIME_CONFIG_GLOBAL } from '@linkstore/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { useSession } from '../../shared/session/session-store';
import { CAPTCHA_IMAGE, createFakeApi, fail, ok, type TFakeHandler } from '../../shared/test/fake-api';
import { readRuntime, RUNTIME_GLOBAL, SIGN_IN_CODES, SIGN_IN_PATHS } from './signin-api';
import { startSignIn } from './signin-start';

const LOGIN = 'POST /api/v1/auth/login';
const FR_REGISTER = 'Créez votre LinkStore';
const FR_LOG_IN = 'Connectez-vous';
const FR_FORGOT = 'Mot de passe oublié ?';
const CAPTCHA = 'GET /api/v1/auth/captcha';
const TOKENS = { tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 };

function fakeApi(handlers: Record<string, TFakeHandler> = {}) {
  const api = createFakeApi(handlers);
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

/** Starts the page at `hash`; resolves the stand-in for the app's start. */
async function start(hash = '#/login') {
  window.location.hash = hash;
  const startApp = vi.fn(() => Promise.resolve());
  await act(() => startSignIn(startApp));
  await screen.findByRole('heading', { level: 1 });
  return startApp;
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-pass1');
  await user.type(screen.getByLabelText('Verification code'), 'ab12');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  useAppPreferences.getState().setLanguage('en');
});

afterEach(() => {
  // Leave the page (it starts the stand-in app) so its listeners go.
  act(() => {
    window.location.hash = '#/forgot-password';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
  useSession.getState().clearTokens();
  localStorage.clear();
  window.location.hash = '';
});

describe('the sign-in page alone', () => {
  it('keeps the contract’s paths, codes and runtime-config name', () => {
    expect(SIGN_IN_PATHS).toEqual({
      captcha: accountsRoutes.captcha.path,
      challenge: accountsRoutes.challenge.path,
      login: accountsRoutes.login.path,
      registerCode: accountsRoutes.registerCode.path,
      register: accountsRoutes.register.path,
      oauthProviders: accountsRoutes.oauthProviders.path,
      oauthStart: OAUTH_START_PATH,
    });
    for (const [name, code] of Object.entries(SIGN_IN_CODES)) {
      expect(ErrorCode[name as keyof typeof ErrorCode]).toBe(code);
    }
    expect(RUNTIME_GLOBAL).toBe(RUNTIME_CONFIG_GLOBAL);
    expect(readRuntime({})).toEqual({ apiHosts: {}, captchaEnabled: true });
    expect(
      readRuntime({ [RUNTIME_GLOBAL]: { version: '1', apiHosts: {}, captchaEnabled: false } }).captchaEnabled,
    ).toBe(false);
  });

  it('shows the form the app shows: fields, captcha image button, links and social sign-ins', async () => {
    fakeApi();
    await start();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(await screen.findByRole('img', { name: 'Verification code image' })).toHaveAttribute(
      'src',
      `${CAPTCHA_IMAGE}#1`,
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '#/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '#/register');
    expect(screen.getByRole('link', { name: 'Open LinkStore for free' })).toHaveAttribute(
      'href',
      '#/register',
    );
    expect(screen.getByRole('link', { name: 'Sign in with Google' }).getAttribute('href')).toMatch(
      /\/api\/v1\/auth\/oauth\/google\?returnTo=%2F$/,
    );
    expect(screen.getByRole('link', { name: 'Sign in with Facebook' }).getAttribute('href')).toMatch(
      /\/api\/v1\/auth\/oauth\/facebook\?returnTo=%2F$/,
    );
    // Showing the form resets the menu to its first item, in the app's storage.
    expect(JSON.parse(localStorage.getItem('userPreferences') ?? '{}')).toMatchObject({
      isLoginFormShown: true,
      menuDefaultActive: 1,
    });
  });

  it('toggles the password’s visibility and renews the captcha on a click', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    await start();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
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

  it('shows validation messages instead of submitting, and clears one once fixed', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    await start();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByText('Please enter the verification code')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(LOGIN)).toHaveLength(0);
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Please enter your password')).not.toBeInTheDocument();
  });

  it('signs in with a multipart post, keeps the tokens as the app does and starts the app at home', async () => {
    const api = fakeApi({ [LOGIN]: () => ok(TOKENS) });
    const user = userEvent.setup();
    const startApp = await start('#/login?user_source=tiktok');
    await screen.findByRole('img', { name: 'Verification code image' });
    await fillAndSubmit(user);

    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    const [request] = api.callsTo(LOGIN);
    expect(request?.headers.Authorization).toBeUndefined();
    expect(request?.headers.lang).toBe('en');
    expect(Object.fromEntries((request?.body as FormData).entries())).toEqual({
      username: 'ana@example.com',
      password: 'secret-pass1',
      captchaKey: 'key-1',
      captchaCode: 'ab12',
    });
    expect(localStorage.getItem('access_token')).toBe('Bearer acc');
    expect(localStorage.getItem('refresh_token')).toBe('ref');
    expect(useSession.getState().authorization).toBe('Bearer acc');
    // The studio home, as the app's sign-in; the address's source kept as the app keeps it.
    expect(window.location.hash).toBe('#/');
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('userPreferences') ?? '{}')).toMatchObject({
      isLoginFormShown: false,
      userSource: 'tiktok',
    });
  });

  it('says A0210 above the button, loads a new captcha and empties its field', async () => {
    const api = fakeApi({ [LOGIN]: () => fail('A0210', 'Bad credentials (server)') });
    const user = userEvent.setup();
    const startApp = await start();
    await screen.findByRole('img', { name: 'Verification code image' });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Verification code image' })).toHaveAttribute(
        'src',
        `${CAPTCHA_IMAGE}#2`,
      ),
    );
    expect(api.callsTo(CAPTCHA)).toHaveLength(2);
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(startApp).not.toHaveBeenCalled();
  });

  it('puts A0241 on the captcha field, and A0400’s field errors on their fields', async () => {
    let answer = fail('A0241', 'Captcha required', { captchaRequired: true });
    fakeApi({ [LOGIN]: () => answer });
    const user = userEvent.setup();
    await start();
    await screen.findByRole('img', { name: 'Verification code image' });
    await fillAndSubmit(user);
    expect(
      await screen.findByText('Please enter the verification code shown in the image'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');

    answer = fail('A0400', 'Validation failed', {
      fields: [{ field: 'username', message: 'Too long (server)' }],
    });
    await user.type(screen.getByLabelText('Verification code'), 'cd34');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too long (server)')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('disables a social provider the server has not configured, and says so', async () => {
    fakeApi({ 'GET /api/v1/auth/oauth/providers': () => ok({ google: true, facebook: false }) });
    await start();
    expect(
      await screen.findByText('Sign-in with this provider is not available right now'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Facebook' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('switches language from the top bar’s menu, keeps the choice and confirms in it', async () => {
    fakeApi();
    const user = userEvent.setup();
    await start();
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Español' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido de nuevo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Idioma: Español' })).toBeInTheDocument();
    expect(screen.getByText('¡Idioma cambiado correctamente!')).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens in the address’s language, and hands over to the app when the address leaves', async () => {
    fakeApi();
    const user = userEvent.setup();
    const startApp = await start('#/login?lang=fr');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bon retour');
    // To sign-up: still alone.
    await user.click(screen.getByRole('link', { name: 'Ouvrez votre LinkStore gratuitement' }));
    expect(await screen.findByRole('heading', { level: 1, name: FR_REGISTER })).toBeInTheDocument();
    expect(startApp).not.toHaveBeenCalled();
    // Back to sign-in, then to the forgotten password: the app starts there.
    await user.click(screen.getByRole('link', { name: FR_LOG_IN }));
    await user.click(await screen.findByRole('link', { name: FR_FORGOT }));
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});
