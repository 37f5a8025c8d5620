import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, fail, ok, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { ConsoleLoginPage } from './console-login-page';

const routes = [
  { path: '/console/login', Component: ConsoleLoginPage },
  { path: '/console', Component: () => <h1>Console home stand-in</h1> },
];
const LOGIN = 'POST /api/v1/auth/login';

afterEach(() => {
  useSession.getState().clearTokens();
});

function fakeApi(handlers: Record<string, TFakeHandler> = {}) {
  const api = createFakeApi(handlers);
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

describe('ConsoleLoginPage', () => {
  it('shows the console messages exactly', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    await renderWithApp(routes, '/console/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter Username')).toBeInTheDocument();
    expect(await screen.findByText('Please enter Password')).toBeInTheDocument();
    expect(await screen.findByText('Please enter Verify Code')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '12345');
    expect(await screen.findByText('The password can not be less than 6 digits')).toBeInTheDocument();
    expect(api.callsTo(LOGIN)).toHaveLength(0);
  });

  it('shows the console’s own header: its name and the language, none of the creators’ switches', async () => {
    fakeApi();
    await renderWithApp(routes, '/console/login');
    const header = await screen.findByRole('banner');
    expect(header).toHaveTextContent('LinkStore');
    expect(header).toHaveTextContent('Console');
    expect(within(header).getByRole('button', { name: 'Language: English' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Country: / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Currency: / })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open LinkStore for free' })).not.toBeInTheDocument();
  });

  it('warns when Caps Lock is on', async () => {
    fakeApi();
    await renderWithApp(routes, '/console/login');
    const password = await screen.findByLabelText('Password');
    fireEvent.keyUp(password, { key: 'A', modifierCapsLock: true });
    expect(await screen.findByText('Caps Lock is on')).toBeInTheDocument();
    fireEvent.keyUp(password, { key: 'a', modifierCapsLock: false });
    expect(screen.queryByText('Caps Lock is on')).not.toBeInTheDocument();
  });

  it('signs in with username and captcha, and remembers the username when asked', async () => {
    const api = fakeApi({
      [LOGIN]: () => ok({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }),
    });
    const user = userEvent.setup();
    await renderWithApp(routes, '/console/login');
    await screen.findByRole('img', { name: 'Verification code image' });
    expect(screen.getByRole('link', { name: 'Forget password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.type(screen.getByLabelText('Verify Code'), 'x1y2');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Console home stand-in' })).toBeInTheDocument();
    const body = api.callsTo(LOGIN)[0]?.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({
      username: 'admin',
      password: '123456',
      captchaKey: 'key-1',
      captchaCode: 'x1y2',
    });
    expect(localStorage.getItem('rememberedUsername')).toBe('admin');
  });

  it('fills in the remembered username; a wrong answer shows in the form and reloads the captcha', async () => {
    localStorage.setItem('rememberedUsername', 'root');
    const api = fakeApi({ [LOGIN]: () => fail('A0210', 'Bad credentials') });
    const user = userEvent.setup();
    await renderWithApp(routes, '/console/login');
    expect(await screen.findByLabelText('Username')).toHaveValue('root');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await screen.findByRole('img', { name: 'Verification code image' });
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.type(screen.getByLabelText('Verify Code'), 'x1y2');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(api.callsTo('GET /api/v1/auth/captcha').length).toBeGreaterThanOrEqual(2);
  });

  // The flaky operator journey: antd's animated loading icon leaves only on `transitionend`;
  // when that never comes (a refusal answered before the icon's 0.3 s enter animation got going
  // on a busy machine; always in jsdom) a hidden `aria-label="loading"` icon stayed in the
  // button, which was then named "loading Login" and could not be found to try again.
  it('after a refused sign-in the button is "Login" again and the next attempt goes out', async () => {
    let attempts = 0;
    const api = fakeApi({
      [LOGIN]: async () => {
        attempts += 1;
        // Answered after the icon's enter steps (two frames each) have run, as on a real server.
        await new Promise((resolve) => setTimeout(resolve, 100));
        return attempts === 1
          ? fail('A0210', 'Bad credentials')
          : ok({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 });
      },
    });
    const user = userEvent.setup();
    await renderWithApp(routes, '/console/login');
    await screen.findByRole('img', { name: 'Verification code image' });
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.type(screen.getByLabelText('Verify Code'), 'x1y2');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');

    const button = await screen.findByRole('button', { name: 'Login' });
    expect(button).not.toHaveClass('ant-btn-loading');
    expect(within(button).queryByRole('img', { name: 'loading' })).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.type(screen.getByLabelText('Verify Code'), 'a1b2');
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Console home stand-in' })).toBeInTheDocument();
    expect(api.callsTo(LOGIN)).toHaveLength(2);
  });

  it('solves a proof of work when the server asks for one, saying so, and signs in', async () => {
    const hmacKey = 'test-key';
    let releaseChallenge = () => {};
    const isReleased = new Promise<void>((resolve) => {
      releaseChallenge = resolve;
    });
    const api = fakeApi({
      [LOGIN]: async ({ body }) => {
        const altcha = (body as FormData).get('altcha');
        if (typeof altcha !== 'string') return fail('A0243', 'Proof of work required', { powRequired: true });
        return (await verifySolution(altcha, hmacKey))
          ? ok({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 })
          : fail('A0243', 'Proof of work required', { powRequired: true });
      },
      'GET /api/v1/auth/challenge': async () => {
        await isReleased;
        return ok(await createChallenge({ hmacKey, maxNumber: 2000 }));
      },
    });
    const user = userEvent.setup();
    await renderWithApp(routes, '/console/login');
    await screen.findByRole('img', { name: 'Verification code image' });
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.type(screen.getByLabelText('Verify Code'), 'x1y2');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Checking your browser…')).toBeInTheDocument();
    releaseChallenge();
    expect(await screen.findByRole('heading', { name: 'Console home stand-in' })).toBeInTheDocument();
    const [first, second] = api.callsTo(LOGIN).map((call) => call.body as FormData);
    expect(first?.get('altcha')).toBeNull();
    expect(second?.get('altcha')).toEqual(expect.any(String));
    expect(second?.get('captchaCode')).toBe('x1y2');
  });

  it('shows how far the proof of work got while it takes time', async () => {
    const hmacKey = 'test-key';
    const api = fakeApi({
      [LOGIN]: async ({ body }) => {
        const altcha = (body as FormData).get('altcha');
        return typeof altcha === 'string' && (await verifySolution(altcha, hmacKey))
          ? ok({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 })
          : fail('A0243', 'Proof of work required', { powRequired: true });
      },
      // The answer near the end of the search: a slow device's case, about the whole space to try.
      'GET /api/v1/auth/challenge': async () =>
        ok(await createChallenge({ hmacKey, maxNumber: 10_000, number: 9_800 })),
    });
    const user = userEvent.setup();
    await renderWithApp(routes, '/console/login');
    await screen.findByRole('img', { name: 'Verification code image' });
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.type(screen.getByLabelText('Verify Code'), 'x1y2');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const seen = new Set<number>();
    await waitFor(
      () => {
        // A plain query: the solver moves on every few milliseconds, role queries are slow here.
        const text = document.querySelector('[role="status"]')?.textContent ?? '';
        const percent = /Checking your browser… (\d+)%/.exec(text)?.[1];
        if (percent) seen.add(Number(percent));
        expect(seen.size).toBeGreaterThanOrEqual(3);
      },
      { timeout: 20_000, interval: 10 },
    );
    expect(Math.max(...seen)).toBeLessThan(100);
    expect(
      await screen.findByRole('heading', { name: 'Console home stand-in' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo(LOGIN)).toHaveLength(2);
  }, 30_000);

  it('says so when the solution is refused again, without looping', async () => {
    const api = fakeApi({
      [LOGIN]: () => fail('A0243', 'Proof of work required', { powRequired: true }),
      'GET /api/v1/auth/challenge': async () => ok(await createChallenge({ hmacKey: 'k', maxNumber: 100 })),
    });
    const user = userEvent.setup();
    await renderWithApp(routes, '/console/login');
    await screen.findByRole('img', { name: 'Verification code image' });
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.type(screen.getByLabelText('Verify Code'), 'x1y2');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your browser could not pass the security check; please try again.',
    );
    expect(api.callsTo(LOGIN)).toHaveLength(2);
  });
});
