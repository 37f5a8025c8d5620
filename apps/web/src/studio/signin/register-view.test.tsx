import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, fail, ok, type TFakeHandler } from '../../shared/test/fake-api';
import { startSignIn } from './signin-start';

const REGISTER = 'POST /api/v1/auth/register';
const CODE = 'POST /api/v1/auth/register/code';
const TOKENS = { tokenType: 'Bearer', accessToken: 'new', refreshToken: 'fresh', expiresIn: 3600 };

function fakeApi(handlers: Record<string, TFakeHandler> = {}) {
  const api = createFakeApi({ [CODE]: () => ok({ resendAfterSeconds: 42 }), ...handlers });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function start() {
  window.location.hash = '#/register';
  const startApp = vi.fn(() => Promise.resolve());
  await act(() => startSignIn(startApp));
  await screen.findByRole('heading', { level: 1, name: 'Create your LinkStore' });
  return startApp;
}

async function fill(user: ReturnType<typeof userEvent.setup>, code = '123456') {
  await user.type(screen.getByLabelText('Email'), 'new@example.com');
  await user.type(screen.getByLabelText('Password'), 'Sunny-days-2026');
  await user.type(screen.getByLabelText('Confirm password'), 'Sunny-days-2026');
  await user.type(screen.getByLabelText('Verification code'), code);
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  useAppPreferences.getState().setLanguage('en');
});

afterEach(() => {
  act(() => {
    window.location.hash = '#/forgot-password';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
  useSession.getState().clearTokens();
  localStorage.clear();
  window.location.hash = '';
});

describe('the sign-up page alone', () => {
  it('checks the fields as the app does, the password’s rules and its confirmation', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    await start();
    expect(screen.getByText('At least 8 characters, with a letter and a digit')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'letters-only');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.type(screen.getByLabelText('Verification code'), '12');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('The password needs at least one letter and one digit')).toBeInTheDocument();
    expect(screen.getByText('The two passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('The code is the 6 digits from the email')).toBeInTheDocument();
    expect(api.callsTo(REGISTER)).toHaveLength(0);
    // "Get code" checks the email first.
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(api.callsTo(CODE)).toHaveLength(0);
  });

  it('emails a code and counts down, then signs up with JSON and starts the app at home', async () => {
    const api = fakeApi({ [REGISTER]: () => ok(TOKENS) });
    const user = userEvent.setup();
    const startApp = await start();
    await user.type(screen.getByLabelText('Email'), ' new@example.com ');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 42 s' })).toBeDisabled();
    expect(screen.getByText('We sent a code to your email')).toBeInTheDocument();
    expect(api.callsTo(CODE)[0]?.body).toEqual({ email: 'new@example.com' });
    await user.clear(screen.getByLabelText('Email'));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    expect(api.callsTo(REGISTER)[0]?.body).toEqual({
      email: 'new@example.com',
      code: '123456',
      password: 'Sunny-days-2026',
      confirmPassword: 'Sunny-days-2026',
    });
    expect(localStorage.getItem('access_token')).toBe('Bearer new');
    expect(localStorage.getItem('refresh_token')).toBe('fresh');
    expect(window.location.hash).toBe('#/');
  });

  it('puts a wrong code on the code field, and other refusals above the button', async () => {
    let answer = fail('A0250', 'Wrong code (server)');
    fakeApi({ [REGISTER]: () => answer });
    const user = userEvent.setup();
    const startApp = await start();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('The code is wrong or has expired')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');

    answer = fail('A0502', 'Slow down (server)');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts, please wait a moment and try again',
    );
    expect(startApp).not.toHaveBeenCalled();
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
