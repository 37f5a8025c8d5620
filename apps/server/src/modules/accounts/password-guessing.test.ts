import { ErrorCode } from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as passwords from '../../platform/auth/passwords';
import { createTestApp, type TestContext } from '../../test/helper';
import { readCaptcha, solvedChallenge } from '../../test/guessing';
import { createUser } from '../../test/users';
import {
  ACCOUNT_FAILURES_BEFORE_BLOCK,
  ADDRESS_FAILURES_BEFORE_POW,
  DEVICE_FAILURES_BEFORE_BLOCK,
  FAILURES_BEFORE_POW,
} from './accounts.service';
import { DEVICE_COOKIE } from './device-cookie';

// Every password comparison is counted: the target is about what reaches it.
vi.mock('../../platform/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});
const passwordChecks = () => vi.mocked(passwords.verifyPassword).mock.calls.length;

const PASSWORD = 'owner-secret-77';
let app: TestContext; // CAPTCHA_ENABLED=false, as scripted clients and the e2e journeys run it

beforeAll(async () => {
  app = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
});
afterAll(async () => {
  await app.close();
});

let nextAddress = 0;
/** A new client address, as a guesser with many addresses has. */
const freshAddress = () => {
  nextAddress += 1;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
};

function post(body: Record<string, string>, remoteAddress: string, cookie?: string, lang = 'en') {
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: body,
    remoteAddress,
    headers: { lang, ...(cookie ? { cookie } : {}) },
  });
}

/**
 * One sign-in as a determined script makes it: whenever asked, it solves the proof of work and
 * reads the captcha, then sends again. Returns the last answer.
 */
async function attempt(username: string, password: string, remoteAddress: string, cookie?: string) {
  const body: Record<string, string> = { username, password };
  for (let round = 0; ; round++) {
    const res = await post(body, remoteAddress, cookie);
    const code = res.json().code as string;
    if (round < 3 && code === ErrorCode.POW_REQUIRED) body.altcha = await solvedChallenge(app);
    else if (round < 3 && code === ErrorCode.CAPTCHA_REQUIRED) Object.assign(body, await readCaptcha(app));
    else return res;
  }
}

/** The `name=value` of the device cookie an answer sets. */
function setCookieOf(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  return typeof header === 'string' ? header : '';
}

/** The `name=value` of the device cookie an answer sets. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const header = setCookieOf(res);
  expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
  return header.split(';')[0] ?? '';
}

// Many sign-ins per test on a machine shared with other work.
describe('guessing passwords', { timeout: 180_000 }, () => {
  // 1,000 guesses with the captcha on, timed around the hour, and the emailed codes: the security
  // suite's brute-force part (src/security/brute-force.security.ts). Here the ordinary case, fast.
  it('guesses from as many addresses reach the password check at most 10 times; the owner on a known browser still signs in', async () => {
    const email = 'target@example.com';
    await createUser(app.database.db, { email, password: PASSWORD });
    // The owner signed in on this browser before the attack.
    const before = await attempt(email, PASSWORD, freshAddress());
    expect(before.statusCode).toBe(200);
    const ownerCookie = deviceCookieOf(before);

    const checksBefore = passwordChecks();
    const codes = new Map<string, number>();
    const guesses = ACCOUNT_FAILURES_BEFORE_BLOCK + 20;
    for (let i = 0; i < guesses; i++) {
      const res = await attempt(email, `guess-${i}`, freshAddress());
      const code = res.json().code as string;
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    expect(passwordChecks() - checksBefore).toBe(ACCOUNT_FAILURES_BEFORE_BLOCK);
    expect(codes.get(ErrorCode.BAD_CREDENTIALS)).toBe(ACCOUNT_FAILURES_BEFORE_BLOCK);
    expect(codes.get(ErrorCode.RATE_LIMITED)).toBe(guesses - ACCOUNT_FAILURES_BEFORE_BLOCK);

    // The owner's browser signs in at once: no challenge, no captcha, no wait.
    const owner = await post({ username: email, password: PASSWORD }, freshAddress(), ownerCookie);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.accessToken).toEqual(expect.any(String));

    // A browser that never signed in to it is told to wait, even with the right password
    // (OWASP's trade-off: the account is never locked for its known browsers), translated.
    const stranger = await post({ username: email, password: PASSWORD }, freshAddress(), undefined, 'fr');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({
      code: ErrorCode.RATE_LIMITED,
      msg: 'Trop de tentatives pour ce compte ; réessayez plus tard.',
    });
  });

  it('counts the account once whichever name it is asked by, and unknown names alike', async () => {
    await createUser(app.database.db, {
      email: 'both@example.com',
      username: 'both-names',
      password: PASSWORD,
    });
    for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_BLOCK; i++) {
      const name = i % 2 === 0 ? 'both@example.com' : 'BOTH-NAMES';
      expect((await attempt(name, `guess-${i}`, freshAddress())).json().code).toBe(ErrorCode.BAD_CREDENTIALS);
    }
    expect((await attempt('both-names', 'another', freshAddress())).json().code).toBe(ErrorCode.RATE_LIMITED);
    expect((await attempt('both@example.com', 'another', freshAddress())).json().code).toBe(
      ErrorCode.RATE_LIMITED,
    );
    for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_BLOCK; i++) {
      await attempt('nobody-here@example.com', `guess-${i}`, freshAddress());
    }
    // An unknown name answers as an existing one does, so the limit tells nothing either.
    expect((await attempt('nobody-here@example.com', 'x', freshAddress())).json().code).toBe(
      ErrorCode.RATE_LIMITED,
    );
  });

  it('trusts only an unaltered cookie of this very account, and a known browser has its own limit', async () => {
    const victim = 'victim@example.com';
    const other = 'other@example.com';
    await createUser(app.database.db, { email: victim, password: PASSWORD });
    await createUser(app.database.db, { email: other, password: PASSWORD });
    const victimCookie = deviceCookieOf(await attempt(victim, PASSWORD, freshAddress()));
    const otherCookie = deviceCookieOf(await attempt(other, PASSWORD, freshAddress()));
    for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_BLOCK; i++)
      await attempt(victim, `guess-${i}`, freshAddress());

    // Another account's cookie, an altered one, or a made-up one, do not help.
    const tampered = `${victimCookie.slice(0, -2)}${victimCookie.endsWith('A') ? 'B' : 'A'}`;
    const forged = `${DEVICE_COOKIE}=1.${Math.floor(Date.now() / 1000)}.abc.def`;
    for (const cookie of [otherCookie, tampered, forged]) {
      const res = await post({ username: victim, password: PASSWORD }, freshAddress(), cookie);
      expect(res.json().code).toBe(ErrorCode.RATE_LIMITED);
    }

    // A stolen known browser guesses no more than DEVICE_FAILURES_BEFORE_BLOCK either.
    const checksBefore = passwordChecks();
    for (let i = 0; i < DEVICE_FAILURES_BEFORE_BLOCK + 5; i++) {
      await attempt(victim, `device-guess-${i}`, freshAddress(), victimCookie);
    }
    expect(passwordChecks() - checksBefore).toBe(DEVICE_FAILURES_BEFORE_BLOCK);
    const res = await post({ username: victim, password: PASSWORD }, freshAddress(), victimCookie);
    expect(res.json().code).toBe(ErrorCode.RATE_LIMITED);
  });

  it('sets the device cookie for the sign-in routes only, unreadable by scripts', async () => {
    await createUser(app.database.db, { username: 'cookie-op', password: PASSWORD });
    const res = await attempt('cookie-op', PASSWORD, freshAddress());
    const header = setCookieOf(res);
    expect(header).toContain('Path=/api/v1/auth');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toMatch(/Max-Age=31536000/);
    expect(header).not.toContain('Secure'); // plain http here; https adds Secure
  });
});

describe('proof of work', { timeout: 60_000 }, () => {
  it('is not asked on a normal first sign-in', async () => {
    await createUser(app.database.db, { username: 'first-timer', password: PASSWORD });
    const res = await post({ username: 'first-timer', password: PASSWORD }, freshAddress());
    expect(res.statusCode).toBe(200);
  });

  it('is required after failures of the account; a right solution is accepted once, a replay or a tampered one refused', async () => {
    const email = 'pow@example.com';
    await createUser(app.database.db, { email, password: PASSWORD });
    for (let i = 0; i < FAILURES_BEFORE_POW; i++) await attempt(email, `guess-${i}`, freshAddress());

    const address = freshAddress();
    const bare = await post({ username: email, password: 'guess-x' }, address, undefined, 'es');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: ErrorCode.POW_REQUIRED, data: { powRequired: true } });
    expect(bare.json().msg).toContain('navegador');

    const altcha = await solvedChallenge(app);
    const decoded = JSON.parse(Buffer.from(altcha, 'base64').toString()) as { number: number };
    const tampered = Buffer.from(JSON.stringify({ ...decoded, number: decoded.number + 1 })).toString(
      'base64',
    );
    for (const wrong of [tampered, 'not base64 json']) {
      const res = await post(
        { username: email, password: PASSWORD, altcha: wrong, ...(await readCaptcha(app)) },
        address,
      );
      expect(res.json().code).toBe(ErrorCode.POW_REQUIRED);
    }

    const checksBefore = passwordChecks();
    const first = await post(
      { username: email, password: PASSWORD, altcha, ...(await readCaptcha(app)) },
      address,
    );
    expect(first.statusCode).toBe(200);
    const replay = await post(
      { username: email, password: PASSWORD, altcha, ...(await readCaptcha(app)) },
      address,
    );
    expect(replay.json().code).toBe(ErrorCode.POW_REQUIRED);
    expect(passwordChecks() - checksBefore).toBe(1);
  });

  it('guards the console sign-in (username, image captcha) too: after failures a right captcha without a valid proof is refused', async () => {
    await createUser(app.database.db, { username: 'console-op', password: PASSWORD });
    for (let i = 0; i < FAILURES_BEFORE_POW; i++) await attempt('console-op', `guess-${i}`, freshAddress());
    const checksBefore = passwordChecks();
    for (const altcha of [undefined, 'not base64 json']) {
      const res = await post(
        {
          username: 'console-op',
          password: PASSWORD,
          ...(await readCaptcha(app)),
          ...(altcha ? { altcha } : {}),
        },
        freshAddress(),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.POW_REQUIRED, data: { powRequired: true } });
    }
    expect(passwordChecks() - checksBefore).toBe(0);
    const solved = await post(
      {
        username: 'console-op',
        password: PASSWORD,
        ...(await readCaptcha(app)),
        altcha: await solvedChallenge(app),
      },
      freshAddress(),
    );
    expect(solved.statusCode).toBe(200);
  });

  it('is required from an address that failed on several accounts', async () => {
    const address = freshAddress();
    for (let i = 0; i < ADDRESS_FAILURES_BEFORE_POW; i++) {
      expect((await post({ username: `spray-${i}@example.com`, password: 'x' }, address)).json().code).toBe(
        ErrorCode.BAD_CREDENTIALS,
      );
    }
    expect((await post({ username: 'spray-next@example.com', password: 'x' }, address)).json().code).toBe(
      ErrorCode.POW_REQUIRED,
    );
  });
});
