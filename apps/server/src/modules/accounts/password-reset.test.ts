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
import { CODE_MAX_ATTEMPTS, CODES_PER_EMAIL_PER_DAY } from '../../platform/auth/verification-codes';

const PASSWORD = 'old password 1';
const NEW_PASSWORD = 'new password 2';
let dataDir: string;
let ctx: TestContext;
let mail: Inbox;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'linkstore-reset-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false' } });
  mail = inbox(() => readOutbox(outboxDir(dataDir)));
  for (const email of ['reset@example.com', 'five@example.com', 'victim@example.com']) {
    await createUser(ctx.database.db, { email, password: PASSWORD });
  }
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

let addresses = 0;
const newAddress = () => `10.2.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

function post(url: string, payload: object, options: { ip?: string; lang?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.ip ?? newAddress(),
    headers: options.lang ? { lang: options.lang } : {},
  });
}
const askCode = (email: string, ip?: string) =>
  post('/api/v1/auth/password/code', { email }, ip ? { ip } : {});
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
