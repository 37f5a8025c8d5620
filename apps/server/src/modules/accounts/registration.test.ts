import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, ZEnvelope, ZTokenResponse } from '@linkstore/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users, verificationCodes } from '../../platform/auth/auth.tables';
import { translate } from '../../platform/i18n/translate';
import { outboxDir, SEND_MAIL_JOB } from '../../platform/mail/mail-plugin';
import {
  inbox,
  readOutbox,
  startSmtpSink,
  type Inbox,
  type SmtpSink,
} from '../../platform/mail/mail-testing';
import { ageCodes, codeOf, otherThan } from '../../test/emailed-codes';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import {
  CODE_CHECKS_PER_ADDRESS,
  CODE_REQUESTS_PER_ADDRESS,
  CODES_PER_EMAIL_PER_DAY,
} from '../../platform/auth/verification-codes';
import { queryRows } from '../../platform/db/rows';

const PASSWORD = 'sunny meadow 7';
let dataDir: string;
let ctx: TestContext; // offline outbox
let mail: Inbox;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'linkstore-registration-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false' } });
  mail = inbox(() => readOutbox(outboxDir(dataDir)));
  await createUser(ctx.database.db, { email: 'known@example.com', password: PASSWORD });
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

let addresses = 0;
/** Every test asks from its own client address: the per-address counters stay apart. */
const newAddress = () => `10.1.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

function post(
  url: string,
  payload: object,
  options: { ip?: string; lang?: string; app?: TestContext; headers?: Record<string, string> } = {},
) {
  return (options.app ?? ctx).app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...(options.lang ? { lang: options.lang } : {}), ...options.headers },
  });
}

const askCode = (email: string, ip: string, lang?: string) =>
  post('/api/v1/auth/register/code', { email }, { ip, ...(lang ? { lang } : {}) });
const register = (email: string, code: string, ip: string, password = PASSWORD) =>
  post('/api/v1/auth/register', { email, password, confirmPassword: password, code }, { ip });
const login = (username: string, password: string, app = ctx) =>
  post('/api/v1/auth/login', { username, password }, { app, ip: newAddress() });

/** Moves this email's code history back in time, as if the clock had moved on. */
const age = (email: string, seconds: number) => ageCodes(ctx.database.db, email, seconds);

describe('registration by emailed code', () => {
  it('mails a code to the offline outbox; the code creates the account, signs it in, and it can sign in again', async () => {
    const ip = newAddress();
    const res = await askCode('New.Person@Example.com', ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, data: { resendAfterSeconds: 60 } });

    const message = await mail.next('new.person@example.com');
    const code = codeOf(message);
    expect(message.subject).toBe(translate('en', 'mail.registerCode.subject', { code }));
    expect(message.text).toContain('10 minutes');
    // Stored hashed, never as the code itself.
    const rows = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, 'new.person@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.codeHash).not.toContain(code);

    const created = await register('NEW.PERSON@example.com', code, ip);
    expect(created.statusCode).toBe(200);
    // Registering signs in, so this browser gets its device cookie (docs/security.md).
    expect(created.headers['set-cookie']).toMatch(
      /^ls_device=\d+\.\d+\.[\w-]+\.[\w-]+; Path=\/api\/v1\/auth;/,
    );
    const tokens = ZEnvelope(ZTokenResponse).parse(created.json()).data;
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(me.json().data).toMatchObject({ email: 'new.person@example.com', nickname: 'new.person' });
    const [user] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'new.person@example.com'));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);

    expect((await login('new.person@example.com', PASSWORD)).statusCode).toBe(200);
    // The code was spent.
    expect((await register('new.person@example.com', code, ip)).json().code).toBe(ErrorCode.CODE_INVALID);
  });

  it('works over SMTP too, with the mail in the language of the request', async () => {
    const sink: SmtpSink = await startSmtpSink();
    const smtp = await createTestApp({ env: { SMTP_URL: sink.url, CAPTCHA_ENABLED: 'false' } });
    try {
      const ip = newAddress();
      const res = await post(
        '/api/v1/auth/register/code',
        { email: 'sol@example.com' },
        { app: smtp, ip, lang: 'es' },
      );
      expect(res.statusCode).toBe(200);
      const message = await inbox(() => sink.messages).next('sol@example.com');
      const code = codeOf(message);
      expect(message.subject).toBe(translate('es', 'mail.registerCode.subject', { code }));
      expect(message.text).toBe(translate('es', 'mail.registerCode.body', { code, minutes: 10 }));
      const body = { email: 'sol@example.com', password: PASSWORD, confirmPassword: PASSWORD, code };
      expect((await post('/api/v1/auth/register', body, { app: smtp, ip })).statusCode).toBe(200);
      expect((await login('sol@example.com', PASSWORD, smtp)).statusCode).toBe(200);
    } finally {
      await smtp.close();
      await sink.close();
    }
  });

  it('answers the same when the mail cannot be sent, logs the failure and keeps the mail to retry', async () => {
    const down = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1', CAPTCHA_ENABLED: 'false' } });
    try {
      const logged = vi.spyOn(down.app.log, 'error');
      const res = await post('/api/v1/auth/register/code', { email: 'lost@example.com' }, { app: down });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ resendAfterSeconds: 60 });
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ job: SEND_MAIL_JOB }),
          `Job ${SEND_MAIL_JOB} failed`,
        ),
      );
      // The send-mail job waits for its retry (the relay may be back by then): nothing is lost.
      await down.app.jobs.idle();
      const waiting = await queryRows(
        down.database.db,
        sql`select state, payload->>'to' as "to" from job_queue where name = ${SEND_MAIL_JOB}`,
      );
      expect(waiting).toEqual([{ state: 'queued', to: 'lost@example.com' }]);
    } finally {
      await down.close();
    }
  });

  it('kills a code after five wrong tries: the right one no longer works', async () => {
    const ip = newAddress();
    await askCode('five@example.com', ip);
    const code = codeOf(await mail.next('five@example.com'));
    for (let i = 0; i < 5; i++) {
      const res = await register('five@example.com', otherThan(code), ip);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCode.CODE_INVALID);
    }
    const res = await register('five@example.com', code, ip);
    expect(res.json().code).toBe(ErrorCode.CODE_INVALID);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'five@example.com'))).toEqual([]);
  });

  it('refuses an expired code', async () => {
    const ip = newAddress();
    await askCode('late@example.com', ip);
    const code = codeOf(await mail.next('late@example.com'));
    await age('late@example.com', 10 * 60 + 1);
    expect((await register('late@example.com', code, ip)).json().code).toBe(ErrorCode.CODE_INVALID);
  });

  it('refuses a new code within a minute, then the new one replaces the old', async () => {
    const ip = newAddress();
    await askCode('again@example.com', ip);
    const first = codeOf(await mail.next('again@example.com'));
    const early = await askCode('again@example.com', ip, 'es');
    expect(early.statusCode).toBe(429);
    const seconds = early.json().data.resendAfterSeconds as number;
    expect(seconds).toBeGreaterThan(55);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(early.json()).toEqual({
      code: ErrorCode.CODE_TOO_SOON,
      msg: translate('es', 'auth.codeTooSoon', { seconds }),
      data: { resendAfterSeconds: seconds },
    });
    expect(await mail.all('again@example.com')).toHaveLength(1);

    await age('again@example.com', 61);
    expect((await askCode('again@example.com', ip)).statusCode).toBe(200);
    const second = codeOf(await mail.next('again@example.com'));
    if (first !== second) {
      expect((await register('again@example.com', first, ip)).json().code).toBe(ErrorCode.CODE_INVALID);
    }
    expect((await register('again@example.com', second, ip)).statusCode).toBe(200);
  });

  it(`sends at most ${CODES_PER_EMAIL_PER_DAY} codes a day to one address, whatever they are for`, async () => {
    const email = 'daily@example.com';
    for (let i = 0; i < CODES_PER_EMAIL_PER_DAY; i++) {
      const url = i % 2 === 0 ? '/api/v1/auth/register/code' : '/api/v1/auth/password/code';
      const res = await post(url, { email }, { ip: newAddress() });
      expect(res.statusCode).toBe(200);
      await age(email, 61);
    }
    for (const url of ['/api/v1/auth/register/code', '/api/v1/auth/password/code']) {
      const res = await post(url, { email }, { ip: newAddress() });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        code: ErrorCode.CODE_TOO_SOON,
        msg: translate('en', 'auth.codeDailyLimit'),
      });
    }
    // A day later it is allowed again.
    await age(email, 24 * 3600 - CODES_PER_EMAIL_PER_DAY * 61 + 1);
    expect((await askCode(email, newAddress())).statusCode).toBe(200);
  });

  it('answers alike for an address that already has an account, and mails it a notice instead of a code', async () => {
    const ip = newAddress();
    const known = await askCode('Known@Example.com', ip);
    const unknown = await askCode('stranger@example.com', ip);
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());

    const notice = await mail.next('known@example.com');
    expect(notice.subject).toBe(translate('en', 'mail.alreadyRegistered.subject'));
    expect(notice.text).not.toMatch(/\d{6}/);
    expect(codeOf(await mail.next('stranger@example.com'))).toMatch(/^\d{6}$/);
    // No code that could work was recorded for the known address...
    const open = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, 'known@example.com'), isNull(verificationCodes.consumedAt)));
    expect(open).toEqual([]);
    // ...and the limits treat both the same.
    const knownAgain = await askCode('known@example.com', ip);
    const unknownAgain = await askCode('stranger@example.com', ip);
    expect(knownAgain.statusCode).toBe(429);
    expect(unknownAgain.statusCode).toBe(429);
    expect(knownAgain.json().code).toBe(unknownAgain.json().code);
  });

  it('answers A0250 when the address got an account meanwhile', async () => {
    const ip = newAddress();
    await askCode('racer@example.com', ip);
    const code = codeOf(await mail.next('racer@example.com'));
    await createUser(ctx.database.db, { email: 'racer@example.com', password: 'other password 1' });
    expect((await register('racer@example.com', code, ip)).json().code).toBe(ErrorCode.CODE_INVALID);
    expect((await login('racer@example.com', PASSWORD)).statusCode).toBe(400);
  });

  it('translates validation errors and names the field; bad input changes nothing', async () => {
    const ip = newAddress();
    const badEmail = await post('/api/v1/auth/register/code', { email: 'not-an-email' }, { ip, lang: 'es' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(badEmail.json().data.fields).toEqual([
      { field: 'email', message: 'Introduce un correo electrónico válido' },
    ]);

    await askCode('careful@example.com', ip);
    const code = codeOf(await mail.next('careful@example.com'));
    const mismatch = await post(
      '/api/v1/auth/register',
      { email: 'careful@example.com', password: PASSWORD, confirmPassword: `${PASSWORD}x`, code },
      { ip, lang: 'es' },
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().data.fields).toEqual([
      { field: 'confirmPassword', message: translate('es', 'validation.passwordMismatch') },
    ]);
    const short = await post(
      '/api/v1/auth/register',
      { email: 'careful@example.com', password: 'a1', confirmPassword: 'a1', code },
      { ip, lang: 'es' },
    );
    expect(short.json().data.fields).toEqual([
      { field: 'password', message: 'La contraseña debe tener al menos 8 caracteres' },
    ]);
    const [row] = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, 'careful@example.com'));
    expect(row).toMatchObject({ attempts: 0, consumedAt: null });
    expect((await register('careful@example.com', code, ip)).statusCode).toBe(200);
  });
});

describe('per client address', () => {
  it(`refuses more than ${CODE_REQUESTS_PER_ADDRESS} code requests an hour, whatever X-Forwarded-For says`, async () => {
    const ip = newAddress();
    for (let i = 0; i < CODE_REQUESTS_PER_ADDRESS; i++) {
      expect((await askCode(`many${i}@example.com`, ip)).statusCode).toBe(200);
    }
    const res = await post(
      '/api/v1/auth/register/code',
      { email: 'one-more@example.com' },
      { ip, headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(ErrorCode.RATE_LIMITED);
    expect((await askCode('one-more@example.com', newAddress())).statusCode).toBe(200);
  });

  it(`refuses more than ${CODE_CHECKS_PER_ADDRESS} code checks an hour`, async () => {
    const ip = newAddress();
    for (let i = 0; i < CODE_CHECKS_PER_ADDRESS; i++) {
      expect((await register(`guess${i}@example.com`, '000000', ip)).json().code).toBe(
        ErrorCode.CODE_INVALID,
      );
    }
    const res = await post(
      '/api/v1/auth/register',
      { email: 'guess@example.com', password: PASSWORD, confirmPassword: PASSWORD, code: '000000' },
      { ip, headers: { 'x-forwarded-for': '203.0.113.10' } },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(ErrorCode.RATE_LIMITED);
  });
});
