import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, ZEnvelope, ZUserProfile } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verificationCodes } from '../../platform/auth/auth.tables';
import { outboxDir } from '../../platform/mail/mail-plugin';
import { inbox, readOutbox, type Inbox } from '../../platform/mail/mail-testing';
import { createTestApp, type TestContext } from '../../test/helper';
import { createUser } from '../../test/users';
import { createKit, PASSWORD, type Kit } from '../../test/users-kit';

let dataDir: string;
let ctx: TestContext;
let kit: Kit;
let mail: Inbox;
let guestRole = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'linkstore-users-profile-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false' } });
  mail = inbox(() => readOutbox(outboxDir(dataDir)));
  kit = await createKit(ctx);
  guestRole = await kit.roleId('GUEST');
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

let addresses = 0;
/** Every test asks from its own client address: the per-address counters stay apart. */
const newAddress = () => `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

describe('profile', () => {
  it('shows and updates the own profile', async () => {
    await kit.addOperator('prof-user', { roleIds: [guestRole], dept: 'QA', email: 'prof@example.com' });
    kit.tokens.prof = await kit.signIn('prof-user');
    const res = await kit.call('prof', 'GET', '/profile');
    expect(res.statusCode).toBe(200);
    expect(ZEnvelope(ZUserProfile).parse(res.json()).data).toMatchObject({
      username: 'prof-user',
      nickname: 'prof-user',
      email: 'prof@example.com',
      deptName: 'Quality',
      roleNames: 'Guest',
      gender: 0,
      mobile: null,
    });

    const put = await kit.call('prof', 'PUT', '/profile', {
      nickname: 'Prof',
      gender: 1,
      avatar: 'https://img.example.com/me.png',
      mobile: '+8613800000000',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(ZEnvelope(ZUserProfile).parse(put.json()).data).toMatchObject({
      nickname: 'Prof',
      gender: 1,
      avatar: 'https://img.example.com/me.png',
      mobile: '+8613800000000',
    });
  });

  it('validates the profile, translated, and changes nothing', async () => {
    const res = await kit.call(
      'prof',
      'PUT',
      '/profile',
      { nickname: ' ', gender: 3, avatar: 'ftp://x', mobile: '123' },
      { lang: 'fr' },
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().data.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(['avatar', 'gender', 'mobile', 'nickname']);
    expect(fields.find((f) => f.field === 'avatar')?.message).toBe(
      'Veuillez saisir une adresse web valide (http ou https)',
    );
    const [row] = await kit.db.select().from(users).where(eq(users.username, 'prof-user'));
    expect(row?.nickname).toBe('Prof');
  });

  it('works for creators too (signed in, no role), and needs a sign-in', async () => {
    await createUser(kit.db, { email: 'creator-prof@example.com', password: PASSWORD });
    kit.tokens.creator = await kit.signIn('creator-prof@example.com');
    const res = await kit.call('creator', 'GET', '/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ username: null, roleNames: '', deptName: null });
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile' });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('refuses a wrong old password, naming oldPassword', async () => {
    await kit.addOperator('pw-change', { roleIds: [guestRole] });
    kit.tokens.pwc = await kit.signIn('pw-change');
    const res = await kit.call(
      'pwc',
      'PUT',
      '/password',
      { oldPassword: 'wrong-pass-1', newPassword: 'next-pass-22' },
      { lang: 'es' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'oldPassword' }] },
    });
    expect(await kit.signIn('pw-change')).toBeTruthy();
  });

  it('checks the confirmation when sent, and the new password’s strength', async () => {
    const res = await kit.call('pwc', 'PUT', '/password', {
      oldPassword: PASSWORD,
      newPassword: 'next-pass-22',
      confirmPassword: 'other-pass-22',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0].field).toBe('confirmPassword');
    const weak = await kit.call('pwc', 'PUT', '/password', { oldPassword: PASSWORD, newPassword: 'weak' });
    expect(weak.statusCode).toBe(400);
  });

  it('changes it: this sign-in goes on, every other one ends', async () => {
    await kit.addOperator('pw-two', { roleIds: [guestRole] });
    kit.tokens.here = await kit.signIn('pw-two');
    kit.tokens.elsewhere = await kit.signIn('pw-two');
    const res = await kit.call('here', 'PUT', '/password', {
      oldPassword: PASSWORD,
      newPassword: 'next-pass-22',
      confirmPassword: 'next-pass-22',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await kit.call('here', 'GET', '/profile')).statusCode).toBe(200);
    const other = await kit.call('elsewhere', 'GET', '/profile');
    expect(other.statusCode).toBe(401);
    expect(other.json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
    await expect(kit.signIn('pw-two')).rejects.toThrow();
    expect(await kit.signIn('pw-two', 'next-pass-22')).toBeTruthy();
  });

  it('stops guessing after repeated wrong old passwords', async () => {
    await kit.addOperator('pw-guess', { roleIds: [guestRole] });
    kit.tokens.guess = await kit.signIn('pw-guess');
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (
        await kit.call('guess', 'PUT', '/password', {
          oldPassword: `guess-${i}`,
          newPassword: 'next-pass-22',
        })
      ).statusCode;
    }
    expect(last).toBe(429);
    const right = await kit.call('guess', 'PUT', '/password', {
      oldPassword: PASSWORD,
      newPassword: 'next-pass-22',
    });
    expect(right.statusCode).toBe(429);
  });
});

describe('email binding', () => {
  const post = (as: string, email: string, ip: string, lang?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/email/code',
      payload: { email },
      remoteAddress: ip,
      headers: { authorization: `Bearer ${kit.tokens[as] ?? ''}`, ...(lang ? { lang } : {}) },
    });
  const bind = (as: string, email: string, code: string, ip: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/email',
      payload: { email, code },
      remoteAddress: ip,
      headers: { authorization: `Bearer ${kit.tokens[as] ?? ''}` },
    });

  beforeAll(async () => {
    await kit.addOperator('mail-user', { roleIds: [guestRole] });
    kit.tokens.mailer = await kit.signIn('mail-user');
    await kit.addOperator('mail-other', { roleIds: [guestRole] });
    kit.tokens.other = await kit.signIn('mail-other');
  });

  it('mails a 6-digit code and binds the address with it', async () => {
    const ip = newAddress();
    const res = await post('mailer', 'New.Address@Example.com', ip, 'pt');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ resendAfterSeconds: 60 });
    const message = await mail.next('new.address@example.com');
    expect(message.subject).toContain('O seu código de confirmação de email do LinkStore');
    const code = codeIn(message.text);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await bind(
      'mailer',
      'new.address@example.com',
      code === '000000' ? '111111' : '000000',
      ip,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(ErrorCode.CODE_INVALID);

    const ok = await bind('mailer', 'new.address@example.com', code, ip);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.email).toBe('new.address@example.com');
    // Spent: it does not work twice.
    expect((await bind('mailer', 'new.address@example.com', code, ip)).json().code).toBe(
      ErrorCode.CODE_INVALID,
    );
  });

  it('a code works only for the account that asked for it', async () => {
    const ip = newAddress();
    await post('mailer', 'mine-only@example.com', ip);
    const code = codeIn((await mail.next('mine-only@example.com')).text);
    const stolen = await bind('other', 'mine-only@example.com', code, ip);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe(ErrorCode.CODE_INVALID);
    const [row] = await kit.db.select().from(users).where(eq(users.username, 'mail-other'));
    expect(row?.email).toBeNull();
  });

  it('an address another account uses gets a notice instead of a code; same answer', async () => {
    await createUser(kit.db, { email: 'taken@example.com', password: PASSWORD });
    const ip = newAddress();
    const res = await post('mailer', 'taken@example.com', ip);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ resendAfterSeconds: 60 });
    const notice = await mail.next('taken@example.com');
    expect(notice.subject).toBe('This address already belongs to a LinkStore account');
    expect(codeIn(notice.text)).toBe('');
  });

  it('an address taken between the code and the binding is refused as a duplicate', async () => {
    const ip = newAddress();
    await post('other', 'race@example.com', ip);
    const code = codeIn((await mail.next('race@example.com')).text);
    await createUser(kit.db, { email: 'race@example.com', password: PASSWORD });
    const res = await bind('other', 'race@example.com', code, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { fields: [{ field: 'email', message: 'email is already in use.' }] },
    });
  });

  it('limits resends like registration codes', async () => {
    const ip = newAddress();
    expect((await post('mailer', 'again@example.com', ip)).statusCode).toBe(200);
    const soon = await post('mailer', 'again@example.com', ip);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe(ErrorCode.CODE_TOO_SOON);
    expect(soon.json().data.resendAfterSeconds).toBeGreaterThan(0);
    const rows = await kit.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, 'again@example.com'));
    expect(rows.map((r) => r.purpose)).toEqual(['bind-email']);
  });

  it('validates the address and the code format', async () => {
    const ip = newAddress();
    expect((await post('mailer', 'not-an-email', ip)).statusCode).toBe(400);
    expect((await bind('mailer', 'a@example.com', '12ab', ip)).statusCode).toBe(400);
  });
});
