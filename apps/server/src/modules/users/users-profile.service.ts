import {
  type TBindEmailRequest,
  type TCodeSentResponse,
  type TLanguage,
  type TUserPasswordChangeRequest,
  type TUserProfile,
  type TUserProfileRequest,
} from '@linkstore/contract';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { type CodeSubject, type VerificationCodes } from '../../platform/auth/verification-codes';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import {
  findUserById,
  isEmailTaken,
  listDepts,
  listRolesOfUsers,
  revokeOtherSessions,
  updateUser,
} from './users.repository';
import { genderOf, violatedUniqueField } from './users.service';

/** Wrong old passwords per user before the password change is refused for a while. */
export const PASSWORD_FAILURES_PER_WINDOW = 10;
const PASSWORD_WINDOW_MS = 15 * 60_000;

export interface ProfileContext {
  userId: number;
  /** The caller's own sign-in, kept when the others end. */
  sessionId: string | null;
  ip: string;
  lang: TLanguage;
}

interface Deps {
  db: AppDatabase;
  codes: VerificationCodes;
  limiter: RateLimiter;
}

/** The user is part of the code: only the account that asked for it can spend it. */
const bindSubject = (email: string, userId: number): CodeSubject => ({
  email,
  purpose: 'bind-email',
  owner: userId,
});

/** The signed-in user's own profile: card, edits, password, and email binding by emailed code. */
export function createProfileService({ db, codes, limiter }: Deps) {
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
      if ((await limiter.peek(key, PASSWORD_WINDOW_MS)) >= PASSWORD_FAILURES_PER_WINDOW) {
        throw AppError.rateLimited();
      }
      const user = await findUserById(db, ctx.userId);
      if (!user) throw AppError.accessTokenInvalid();
      if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
        await limiter.hit(key, PASSWORD_WINDOW_MS);
        throw AppError.field('oldPassword', 'users.wrongPassword');
      }
      await limiter.reset(key);
      const passwordHash = await hashPassword(body.newPassword);
      await withTransaction(db, async (tx) => {
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
      const isLive = async () => !(await isEmailTaken(db, email, ctx.userId));
      const { code, resendAfterSeconds } = await codes.issue(bindSubject(email, ctx.userId), ctx.ip, isLive);
      codes.mail(email, code !== null ? 'bindEmailCode' : 'emailInUse', ctx.lang, code);
      return { resendAfterSeconds };
    },

    /** Spends the code (each try counts) and binds the address; one taken meanwhile is refused. */
    async bindEmail(body: TBindEmailRequest, ctx: ProfileContext): Promise<TUserProfile> {
      await codes.spend(bindSubject(body.email, ctx.userId), body.code, ctx.ip);
      const duplicate = AppError.field('email', 'error.duplicate');
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
