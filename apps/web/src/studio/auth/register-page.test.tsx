import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, fail, ok, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { RegisterPage } from './register-page';

const routes = [
  { path: '/register', Component: RegisterPage },
  { path: '/', Component: () => <h1>Home stand-in</h1> },
];
const CODE = 'POST /api/v1/auth/register/code';
const REGISTER = 'POST /api/v1/auth/register';

afterEach(() => {
  useSession.getState().clearTokens();
});

function fakeApi(handlers: Record<string, TFakeHandler> = {}) {
  const api = createFakeApi(handlers);
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

describe('RegisterPage', () => {
  it('labels every field and button', async () => {
    fakeApi();
    await renderWithApp(routes, '/register');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your LinkStore' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up with Facebook' })).toBeInTheDocument();
  });

  it('requires a valid email, both passwords and the code', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    await renderWithApp(routes, '/register');
    await user.type(await screen.findByLabelText('Email'), 'nope');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(await screen.findByText('The password must be at least 8 characters')).toBeInTheDocument();
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the verification code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(api.callsTo(CODE)).toHaveLength(0);
    expect(api.callsTo(REGISTER)).toHaveLength(0);
  });

  it('asks for a code and counts down from resendAfterSeconds before another may be asked', async () => {
    const api = fakeApi({ [CODE]: () => ok({ resendAfterSeconds: 2 }) });
    const user = userEvent.setup();
    await renderWithApp(routes, '/register');
    await user.type(await screen.findByLabelText('Email'), 'Ana@Example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));

    expect(await screen.findByRole('button', { name: 'Resend in 2 s' })).toBeDisabled();
    expect(api.callsTo(CODE)[0]?.body).toEqual({ email: 'Ana@Example.com' });
    expect(await screen.findByText('We sent a code to your email')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Resend in 1 s' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Get code' }, { timeout: 3000 })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 2 s' })).toBeDisabled();
    expect(api.callsTo(CODE)).toHaveLength(2);
  });

  it('counts down 60 s when the answer gives no wait', async () => {
    fakeApi({ [CODE]: () => ok({ resendAfterSeconds: 0 }) });
    const user = userEvent.setup();
    await renderWithApp(routes, '/register');
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
  });

  it('shows the translated "too soon" answer (A0251) on the code field', async () => {
    fakeApi({ [CODE]: () => fail('A0251', 'Please wait before asking for another code', null, 429) });
    const user = userEvent.setup();
    await renderWithApp(routes, '/register');
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Please wait before asking for another code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();
  });

  it('registers, which signs in, and goes home; a wrong code shows on the code field', async () => {
    let answer: TFakeHandler = () => fail('A0250', 'Code invalid (server)');
    const api = fakeApi({ [REGISTER]: (request) => answer(request) });
    const user = userEvent.setup();
    await renderWithApp(routes, '/register');
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret-pass1');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('The code is wrong or has expired')).toBeInTheDocument();

    answer = () => ok({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(api.callsTo(REGISTER)[1]?.body).toEqual({
      email: 'ana@example.com',
      password: 'secret-pass1',
      confirmPassword: 'secret-pass1',
      code: '123456',
    });
    expect(localStorage.getItem('access_token')).toBe('Bearer acc');
  });

  it('puts server field errors (A0400) on their fields', async () => {
    fakeApi({
      [REGISTER]: () =>
        fail('A0400', 'Validation failed', {
          fields: [{ field: 'password', message: 'Too weak (server)' }],
        }),
    });
    const user = userEvent.setup();
    await renderWithApp(routes, '/register');
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret-pass1');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Too weak (server)')).toBeInTheDocument();
  });
});
