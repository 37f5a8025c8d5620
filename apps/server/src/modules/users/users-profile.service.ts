import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  type TBindEmailRequest,
  type TCodeSentResponse,
  type TLanguage,
  type TUserPasswordChangeRequest,
  type TUserProfile,
  type TUserProfileRequest,
} from '@linkstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import {
  deleteCodesBefore,
  findOpenCodeForUpdate,
  insertCode,
  invalidateOpenCodes,
  lastRequestedAt,
  lockEmail,
  recordAttempt,
  requestsSince,
} from '../../platform/auth/verification-codes.repository';
import type { AppDatabase } from '../../platform/db/database';
import { AppError } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import { translate } from '../../platform/i18n/translate';
import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import {
  findUserById,
  isEmailTaken,
  listDepts,
  listRolesOfUsers,
  revokeOtherSessions,
  updateUser,
} from './users.repository';
import { fieldErrors, genderOf, violatedUniqueField } from './users.service';

/** The same figures, and the same per-address counters, as the registration codes. */
export const EMAIL_CODE_TTL_MINUTES = 10;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const EMAIL_CODE_RESEND_SECONDS = 60;
export const EMAIL_CODES_PER_DAY = 10;
const CODE_REQUESTS_PER_ADDRESS = 20;
const CODE_CHECKS_PER_ADDRESS = 30;
const ADDRESS_WINDOW_MS = 3600_000;
const DAY_MS = 24 * 3600_000;
/** Wrong old passwords per user before the password change is refused for a while. */
export const PASSWORD_FAILURES_PER_WINDOW = 10;
const PASSWORD_WINDOW_MS = 15 * 60_000;

const PURPOSE = 'bind-email' as const;

export interface ProfileContext {
  userId: number;
  /** The caller's own sign-in, kept when the others end. */
  sessionId: string | null;
  ip: string;
  lang: TLanguage;
}

interface Deps {
  db: AppDatabase;
  /** Keys the code hashes, so a copy of the table does not give the codes away. */
  secret: string;
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const rateLimited = () => new AppError(ErrorCode.RATE_LIMITED, 429, 'error.rateLimited');
const codeInvalid = () => new AppError(ErrorCode.CODE_INVALID, 400, 'auth.codeInvalid');
const tooSoon = (key: 'auth.codeTooSoon' | 'auth.codeDailyLimit', seconds: number) =>
  new AppError(ErrorCode.CODE_TOO_SOON, 429, key, { seconds }, { resendAfterSeconds: seconds });

/** The signed-in user's own profile: card, edits, password, and email binding by emailed code. */
export function createProfileService({ db, secret, limiter, mailer, log }: Deps) {
  const hmacKey = createHmac('sha256', secret).update('verification-codes').digest();
  // The user is part of the hash: only the account that asked for a code can spend it.
  const hashCode = (userId: number, email: string, code: string) =>
    createHmac('sha256', hmacKey).update(`${PURPOSE}:${userId}\n${email}\n${code}`).digest('hex');

  async function limitAddress(kind: 'request' | 'check', ip: string, max: number): Promise<void> {
    if ((await limiter.hit(`codes:${kind}:${ip}`, ADDRESS_WINDOW_MS)) > max) throw rateLimited();
  }

  function sendMail(to: string, kind: 'bindEmailCode' | 'emailInUse', lang: TLanguage, code = ''): void {
    const values = { code, minutes: EMAIL_CODE_TTL_MINUTES };
    const subject = translate(lang, `mail.${kind}.subject`, values);
    const text = translate(lang, `mail.${kind}.body`, values);
    void mailer.send({ to, subject, text }).catch((err: unknown) => {
      log.error({ err, mail: kind }, 'Could not send mail');
    });
  }

  async function profile(userId: number): Promise<TUserProfile> {
    const user = await findUserById(db, userId);
    if (!user) throw AppError.accessTokenInvalid();
    const roles = (await listRolesOfUsers(db, [userId])).get(userId) ?? [];
    const dept = user.deptId === null ? undefined : (await listDepts(db)).find((d) => d.id === user.deptId);
    return {
      id: String(user.id),
      username: user.username,
      nickname: user.nickname,
      avatar: user.avatarUrl,
      gender: genderOf(user.gender),
      mobile: user.mobile,
      email: user.email,
      deptName: dept?.name ?? null,
      roleNames: roles.map((r) => r.name).join(','),
      createTime: formatDateTime(user.createdAt),
    };
  }

  return {
    profile,

    async updateProfile(userId: number, body: TUserProfileRequest): Promise<TUserProfile> {
      await updateUser(db, userId, {
        nickname: body.nickname,
        gender: body.gender,
        avatarUrl: body.avatar,
        mobile: body.mobile,
      });
      return profile(userId);
    },

    /** Needs the old password; every other sign-in of the user ends, this one goes on. */
    async changePassword(body: TUserPasswordChangeRequest, ctx: ProfileContext): Promise<void> {
      const key = `users:password:${ctx.userId}`;
      if ((await limiter.peek(key, PASSWORD_WINDOW_MS)) >= PASSWORD_FAILURES_PER_WINDOW) throw rateLimited();
      const user = await findUserById(db, ctx.userId);
      if (!user) throw AppError.accessTokenInvalid();
      if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
        await limiter.hit(key, PASSWORD_WINDOW_MS);
        throw fieldErrors(ctx.lang, [{ field: 'oldPassword', key: 'users.wrongPassword' }]);
      }
      await limiter.reset(key);
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as AppDatabase;
        await updateUser(tx, ctx.userId, { passwordHash });
        await revokeOtherSessions(tx, ctx.userId, ctx.sessionId);
      });
    },

    /**
     * Mails a code for binding the address. An address another account uses gets a notice
     * instead of a code, and the answer is the same, so nobody learns which addresses have
     * accounts; the resend and daily limits count either way.
     */
    async requestEmailCode(email: string, ctx: ProfileContext): Promise<TCodeSentResponse> {
      await limitAddress('request', ctx.ip, CODE_REQUESTS_PER_ADDRESS);
      const isLive = !(await isEmailTaken(db, email, ctx.userId));
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const codeHash = isLive ? hashCode(ctx.userId, email, code) : randomBytes(32).toString('hex');
      const refusal = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as AppDatabase;
        await lockEmail(tx, email);
        const now = new Date();
        const last = await lastRequestedAt(tx, email, PURPOSE);
        const wait = last
          ? Math.ceil(EMAIL_CODE_RESEND_SECONDS - (now.getTime() - last.getTime()) / 1000)
          : 0;
        if (wait > 0) return tooSoon('auth.codeTooSoon', wait);
        const today = await requestsSince(tx, email, new Date(now.getTime() - DAY_MS));
        if (today.count >= EMAIL_CODES_PER_DAY) {
          const oldest = today.oldest?.getTime() ?? now.getTime();
          return tooSoon(
            'auth.codeDailyLimit',
            Math.max(1, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000)),
          );
        }
        await deleteCodesBefore(tx, new Date(now.getTime() - DAY_MS));
        await invalidateOpenCodes(tx, email, PURPOSE, now);
        await insertCode(tx, {
          email,
          purpose: PURPOSE,
          codeHash,
          createdAt: now,
          expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000),
          consumedAt: isLive ? null : now,
        });
        return undefined;
      });
      if (refusal) throw refusal;
      sendMail(email, isLive ? 'bindEmailCode' : 'emailInUse', ctx.lang, code);
      return { resendAfterSeconds: EMAIL_CODE_RESEND_SECONDS };
    },

    /** Spends the code (each try counts) and binds the address; one taken meanwhile is refused. */
    async bindEmail(body: TBindEmailRequest, ctx: ProfileContext): Promise<TUserProfile> {
      await limitAddress('check', ctx.ip, CODE_CHECKS_PER_ADDRESS);
      const isRight = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as AppDatabase;
        const row = await findOpenCodeForUpdate(tx, body.email, PURPOSE);
        const now = new Date();
        if (!row || row.expiresAt <= now || row.attempts >= EMAIL_CODE_MAX_ATTEMPTS) return false;
        const expected = hashCode(ctx.userId, body.email, body.code);
        const isMatch = timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(expected));
        await recordAttempt(tx, row.id, isMatch ? now : null);
        return isMatch;
      });
      if (!isRight) throw codeInvalid();
      const duplicate = fieldErrors(ctx.lang, [{ field: 'email', key: 'error.duplicate' }]);
      if (await isEmailTaken(db, body.email, ctx.userId)) throw duplicate;
      try {
        await updateUser(db, ctx.userId, { email: body.email });
      } catch (error) {
        if (violatedUniqueField(error) === 'email') throw duplicate;
        throw error;
      }
      return profile(ctx.userId);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
