import { ErrorCode } from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/helper';
import { AppError } from '../errors/app-error';
import type { MailMessage } from '../mail/mailer';
import { createMemoryRateLimiter } from '../rate-limit/limiter';
import { CODE_MAX_ATTEMPTS, createVerificationCodes, type CodeSubject } from './verification-codes';

const db = useTestDatabase();
const sent: MailMessage[] = [];

/** A fresh service per test: its own per-address counters; the code rows are per email. */
const service = () =>
  createVerificationCodes({
    db: db(),
    secret: 'test-secret',
    limiter: createMemoryRateLimiter(),
    mailer: { send: async (message) => void sent.push(message) },
    log: { error: () => undefined } as unknown as FastifyBaseLogger,
  });

const live = async () => true;
const codeOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.code : error;
};

describe('verification codes', () => {
  it('spends a right code once, and only for its address and purpose', async () => {
    const codes = service();
    const subject: CodeSubject = { email: 'once@example.com', purpose: 'register' };
    const { code } = await codes.issue(subject, '10.0.0.1', live);
    expect(code).toMatch(/^\d{6}$/);
    expect(await codeOf(codes.spend({ ...subject, purpose: 'reset' }, code ?? '', '10.0.0.1'))).toBe(
      ErrorCode.CODE_INVALID,
    );
    await codes.spend(subject, code ?? '', '10.0.0.1');
    expect(await codeOf(codes.spend(subject, code ?? '', '10.0.0.1'))).toBe(ErrorCode.CODE_INVALID);
  });

  it('binds a code to the account that asked for it', async () => {
    const codes = service();
    const email = 'owned@example.com';
    const { code } = await codes.issue({ email, purpose: 'bind-email', owner: 1 }, '10.0.0.2', live);
    const other = codes.spend({ email, purpose: 'bind-email', owner: 2 }, code ?? '', '10.0.0.2');
    expect(await codeOf(other)).toBe(ErrorCode.CODE_INVALID);
    await codes.spend({ email, purpose: 'bind-email', owner: 1 }, code ?? '', '10.0.0.2');
  });

  it('kills a code after its tries, right or wrong', async () => {
    const codes = service();
    const subject: CodeSubject = { email: 'tries@example.com', purpose: 'reset' };
    const { code } = await codes.issue(subject, '10.0.0.3', live);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      expect(await codeOf(codes.spend(subject, wrong, '10.0.0.3'))).toBe(ErrorCode.CODE_INVALID);
    }
    expect(await codeOf(codes.spend(subject, code ?? '', '10.0.0.3'))).toBe(ErrorCode.CODE_INVALID);
  });

  it('records a request that is not live (no code to mail) and counts it for the resend limit', async () => {
    const codes = service();
    const subject: CodeSubject = { email: 'notice@example.com', purpose: 'register' };
    expect(await codes.issue(subject, '10.0.0.4', async () => false)).toMatchObject({ code: null });
    const again = await codes.issue(subject, '10.0.0.4', live).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(AppError);
    expect(again).toMatchObject({ code: ErrorCode.CODE_TOO_SOON, data: { resendAfterSeconds: 60 } });
  });

  it('mails the code in the language asked for', async () => {
    service().mail('mail@example.com', 'registerCode', 'fr', '123456');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const message = sent.find((m) => m.to === 'mail@example.com');
    expect(message?.text).toContain('123456');
    expect(message?.subject).not.toBe('');
  });
});
