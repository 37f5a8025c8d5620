import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, ZEnvelope, ZTokenResponse, type TTokenResponse } from '@linkstore/contract';
import { and, eq, isNull, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../platform/auth/auth.tables';
import { translate } from '../../platform/i18n/translate';
import { outboxDir } from '../../platform/mail/mail-plugin';
import { inbox, readOutbox, type Inbox } from '../../platform/mail/mail-testing';
import { ageCodes, codeOf, otherThan } from '../../test/emailed-codes';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import {
  addressRequester,
  CODE_MAX_ATTEMPTS,
  CODES_PER_ADDRESS_PER_EMAIL_PER_DAY,
  CODES_PER_EMAIL_PER_DAY,
  CODES_PER_KNOWN_BROWSER_PER_DAY,
} from '../../platform/auth/verification-codes';
import { DEVICE_COOKIE } from './device-cookie';

const PASSWORD = 'old password 1';
const NEW_PASSWORD = 'new password 2';
let dataDir: string;
let ctx: TestContext;
let mail: Inbox;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'linkstore-reset-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false' } });
  mail = inbox(() => readOutbox(outboxDir(dataDir)));
  for (const email of [
    'reset@example.com',
    'five@example.com',
    'victim@example.com',
    'owner-a@example.com',
    'owner-b@example.com',
    'owner-c@example.com',
    'owner-d@example.com',
  ]) {
    await createUser(ctx.database.db, { email, password: PASSWORD });
  }
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

let addresses = 0;
const newAddress = () => `10.2.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

function post(url: string, payload: object, options: { ip?: string; lang?: string; cookie?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.ip ?? newAddress(),
    headers: {
      ...(options.lang ? { lang: options.lang } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}
const askCode = (email: string, ip?: string, cookie?: string) =>
  post('/api/v1/auth/password/code', { email }, { ...(ip ? { ip } : {}), ...(cookie ? { cookie } : {}) });
const reset = (email: string, code: string, ip?: string, password = NEW_PASSWORD) =>
  post('/api/v1/auth/password/reset', { email, code, password, confirmPassword: password }, ip ? { ip } : {});
const login = (username: string, password: string) => post('/api/v1/auth/login', { username, password });

async function signIn(email: string, password = PASSWORD): Promise<TTokenResponse> {
  const res = await login(email, password);
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZTokenResponse).parse(res.json()).data;
}

describe('forgotten password', () => {
  it('sets the new password with the emailed code and ends every existing sign-in', async () => {
    const first = await signIn('reset@example.com');
    const second = await signIn('reset@example.com');

    const ip = newAddress();
    const sent = await askCode('Reset@Example.com', ip);
    expect(sent.json()).toMatchObject({ code: 1, data: { resendAfterSeconds: 60 } });
    const message = await mail.next('reset@example.com');
    const code = codeOf(message);
    expect(message.subject).toBe(translate('en', 'mail.resetCode.subject', { code }));

    const res = await reset('reset@example.com', code, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, data: null });

    for (const old of [first, second]) {
      const refreshed = await post('/api/v1/auth/refresh-token', { refreshToken: old.refreshToken });
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().code).toBe(ErrorCode.REFRESH_TOKEN_INVALID);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${old.accessToken}` },
      });
      expect(me.statusCode).toBe(401);
      expect(me.json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
    }
    expect((await login('reset@example.com', PASSWORD)).json().code).toBe(ErrorCode.BAD_CREDENTIALS);
    await signIn('reset@example.com', NEW_PASSWORD);
    // The code was spent.
    expect((await reset('reset@example.com', code, ip, 'third password 3')).json().code).toBe(
      ErrorCode.CODE_INVALID,
    );
  });

  it('answers alike for an unknown address and mails it a notice instead of a code', async () => {
    const ip = newAddress();
    await createUser(ctx.database.db, { email: 'has-account@example.com', password: PASSWORD });
    const known = await askCode('has-account@example.com', ip);
    const unknown = await askCode('nobody@example.com', ip);
    expect(known.statusCode).toBe(200);
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());

    expect(codeOf(await mail.next('has-account@example.com'))).toMatch(/^\d{6}$/);
    const notice = await mail.next('nobody@example.com');
    expect(notice.subject).toBe(translate('en', 'mail.noAccount.subject'));
    expect(notice.text).not.toMatch(/\d{6}/);
    const open = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, 'nobody@example.com'), isNull(verificationCodes.consumedAt)));
    expect(open).toEqual([]);
  });

  it('kills a code after five wrong tries and keeps the password', async () => {
    const ip = newAddress();
    await askCode('five@example.com', ip);
    const code = codeOf(await mail.next('five@example.com'));
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      expect((await reset('five@example.com', otherThan(code), ip)).json().code).toBe(ErrorCode.CODE_INVALID);
    }
    expect((await reset('five@example.com', code, ip)).json().code).toBe(ErrorCode.CODE_INVALID);
    await signIn('five@example.com');
  });

  it('names confirmPassword when the passwords differ, in the language asked for, and changes nothing', async () => {
    const res = await post(
      '/api/v1/auth/password/reset',
      { email: 'reset@example.com', code: '123456', password: 'abcdefg1', confirmPassword: 'abcdefg2' },
      { lang: 'es' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'confirmPassword', message: 'Las dos contraseñas no coinciden' }] },
    });
    const missing = await post('/api/v1/auth/password/reset', { email: 'reset@example.com' }, { lang: 'es' });
    expect(missing.json().data.fields).toContainEqual({ field: 'code', message: 'code es obligatorio' });
    await signIn('reset@example.com', NEW_PASSWORD);
  });

  it('withstands 1000 guessed codes from many addresses: no hit, and the owner still signs in', async () => {
    const email = 'victim@example.com';
    const outcomes: Record<string, number> = {};
    let current: string | undefined;
    let triesOnCurrent = CODE_MAX_ATTEMPTS;
    let codesSent = 0;
    for (let guess = 0; guess < 1000; guess++) {
      if (triesOnCurrent >= CODE_MAX_ATTEMPTS) {
        // The attacker waits the minute the server asks for, then wants a fresh code.
        await ageCodes(ctx.database.db, email, 61);
        const asked = await askCode(email);
        if (asked.statusCode === 200) {
          current = codeOf(await mail.next(email));
          codesSent += 1;
        }
        triesOnCurrent = 0;
      }
      let code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      if (code === current) code = otherThan(code); // wrong guesses only: this test must not be lucky
      const res = await reset(email, code, undefined, 'attacker password 9');
      const key = `${res.statusCode} ${res.json().code}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      triesOnCurrent += 1;
    }
    expect(outcomes['200 1']).toBeUndefined();
    expect(codesSent).toBe(CODES_PER_EMAIL_PER_DAY);
    const [tried] = await ctx.database.db
      .select({ attempts: sum(verificationCodes.attempts) })
      .from(verificationCodes)
      .where(eq(verificationCodes.email, email));
    expect(Number(tried?.attempts)).toBe(CODES_PER_EMAIL_PER_DAY * CODE_MAX_ATTEMPTS);
    expect(outcomes[`400 ${ErrorCode.CODE_INVALID}`]).toBe(1000);
    await signIn(email);
    expect((await login(email, 'attacker password 9')).json().code).toBe(ErrorCode.BAD_CREDENTIALS);
  }, 120_000);
});

/** The device cookie (`name=value`) a successful sign-in sets: this browser is known to the account. */
async function knownBrowserOf(email: string): Promise<string> {
  const res = await login(email, PASSWORD);
  expect(res.statusCode).toBe(200);
  const header = res.headers['set-cookie'];
  const cookie = (typeof header === 'string' ? header : '').split(';')[0] ?? '';
  expect(cookie.startsWith(`${DEVICE_COOKIE}=`)).toBe(true);
  return cookie;
}

/** Asks from `ip` (moving the clock past each minute's wait) until refused; the refusal. */
async function askUntilRefused(email: string, ip: string, cookie?: string) {
  for (let i = 0; i < 50; i++) {
    const res = await askCode(email, ip, cookie);
    if (res.statusCode !== 200) return { res, granted: i };
    await mail.next(email); // read in order: the owner's code is the next mail after these
    await ageCodes(ctx.database.db, email, 61);
  }
  throw new Error('never refused');
}

describe('who asks for reset codes (issue 31)', () => {
  it('an address that used up its codes for an email does not stop the owner asking from another', async () => {
    const email = 'owner-a@example.com';
    const attacker = newAddress();
    const { res, granted } = await askUntilRefused(email, attacker);
    expect(granted).toBe(CODES_PER_ADDRESS_PER_EMAIL_PER_DAY);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: ErrorCode.CODE_TOO_SOON,
      msg: translate('en', 'auth.codeDailyLimit'),
    });

    // The owner, from their own address, gets a live code and resets the password with it.
    const owner = newAddress();
    expect((await askCode(email, owner)).statusCode).toBe(200);
    const code = codeOf(await mail.next(email));
    expect((await reset(email, code, owner)).statusCode).toBe(200);
    await signIn(email, NEW_PASSWORD);
  });

  it("an attacker's request does not make the owner wait the minute", async () => {
    const email = 'owner-b@example.com';
    expect((await askCode(email, newAddress())).statusCode).toBe(200);
    expect((await askCode(email, newAddress())).statusCode).toBe(200);
    expect(codeOf(await mail.next(email))).toMatch(/^\d{6}$/);
    expect(codeOf(await mail.next(email))).toMatch(/^\d{6}$/);
  });

  it("the owner's known browser keeps its own budget when many addresses have used up the email's", async () => {
    const email = 'owner-c@example.com';
    const ownerBrowser = await knownBrowserOf(email);
    let granted = 0;
    while (granted < CODES_PER_EMAIL_PER_DAY) {
      const attacker = newAddress();
      granted += (await askUntilRefused(email, attacker)).granted;
    }
    expect(granted).toBe(CODES_PER_EMAIL_PER_DAY);
    // Without the cookie the owner waits like anyone else (the documented trade-off)…
    const stranger = await askCode(email, newAddress());
    expect(stranger.json()).toMatchObject({
      code: ErrorCode.CODE_TOO_SOON,
      msg: translate('en', 'auth.codeDailyLimit'),
    });
    // …another account's cookie or a forged one does not help…
    const otherBrowser = await knownBrowserOf('owner-d@example.com');
    const forged = `${DEVICE_COOKIE}=1.${Math.floor(Date.now() / 1000)}.abc.def`;
    for (const cookie of [otherBrowser, forged]) {
      expect((await askCode(email, newAddress(), cookie)).json().code).toBe(ErrorCode.CODE_TOO_SOON);
    }
    // …but the browser that signed in before gets a live code, from any address, and uses it.
    const ip = newAddress();
    expect((await askCode(email, ip, ownerBrowser)).statusCode).toBe(200);
    const code = codeOf(await mail.next(email));
    expect((await reset(email, code, ip)).statusCode).toBe(200);
    await signIn(email, NEW_PASSWORD);
    // Its own budget is bounded too.
    await ageCodes(ctx.database.db, email, 61);
    const { granted: more } = await askUntilRefused(email, newAddress(), ownerBrowser);
    expect(more).toBe(CODES_PER_KNOWN_BROWSER_PER_DAY - 1);
  });

  it('counts an IPv6 network (/64) as one address', async () => {
    expect(addressRequester('2001:db8:1:2:aaaa::1')).toBe('ip:2001:db8:1:2::/64');
    expect(addressRequester('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('ip:2001:db8:1:2::/64');
    expect(addressRequester('2001:db8::')).toBe('ip:2001:db8:0:0::/64');
    expect(addressRequester('::ffff:10.0.0.1')).toBe('ip:10.0.0.1');
    expect(addressRequester('::1')).toBe('ip:0:0:0:0::/64');
    expect(addressRequester('10.0.0.1')).toBe('ip:10.0.0.1');
    const email = 'owner-b@example.com';
    await ageCodes(ctx.database.db, email, 24 * 3600);
    for (let i = 0; i < CODES_PER_ADDRESS_PER_EMAIL_PER_DAY; i++) {
      expect((await askCode(email, `2001:db8:7:7::${i + 1}`)).statusCode).toBe(200);
      await ageCodes(ctx.database.db, email, 61);
    }
    expect((await askCode(email, '2001:db8:7:7:ffff::9')).json().code).toBe(ErrorCode.CODE_TOO_SOON);
    expect((await askCode(email, '2001:db8:7:8::1')).statusCode).toBe(200);
  });
});
