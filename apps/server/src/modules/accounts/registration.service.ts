import {
  type TCodeSentResponse,
  type TLanguage,
  type TRegisterRequest,
  type TResetPasswordRequest,
  type TTokenResponse,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import { hashPassword } from '../../platform/auth/passwords';
import type { SessionMeta, SessionService } from '../../platform/auth/sessions';
import {
  type CodeMail,
  type CodePurpose,
  type VerificationCodes,
} from '../../platform/auth/verification-codes';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { findUserBySignInName } from './accounts.repository';
import type { KnownDevice } from './device-cookie';
import { stampNow } from '../../platform/db/stamp';

export interface RequestContext {
  ip: string;
  lang: TLanguage;
  session: SessionMeta;
  /** The browser's device cookie, when it has a valid one (for any account). */
  device?: KnownDevice | undefined;
}

interface Deps {
  db: AppDatabase;
  codes: VerificationCodes;
  sessions: SessionService;
}

/**
 * Registration by emailed code and forgotten passwords. Whether an email has an account is never
 * told: asking for a code answers the same and does the same work either way, only the mail
 * differs ("you already have an account", "no account uses this address").
 */
export function createRegistrationService({ db, codes, sessions }: Deps) {
  /** A live code when `isLive` says so, a notice otherwise; the answer is the same either way. */
  async function issueCode(
    email: string,
    purpose: CodePurpose,
    mail: { live: CodeMail; notice: CodeMail; isLive: () => Promise<boolean> },
    ctx: RequestContext,
  ): Promise<TCodeSentResponse> {
    // A browser that signed in to this email's account keeps its own budget of codes: requests
    // from elsewhere (an attacker's addresses) cannot use it up (verification-codes.ts).
    const account = ctx.device ? await findUserBySignInName(db, email) : undefined;
    const knownBrowser = account && account.id === ctx.device?.userId ? ctx.device.id : undefined;
    const { code, resendAfterSeconds } = await codes.issue(
      { email, purpose },
      ctx.ip,
      mail.isLive,
      knownBrowser,
    );
    codes.mail(email, code !== null ? mail.live : mail.notice, ctx.lang, code);
    return { resendAfterSeconds };
  }

  return {
    async requestRegisterCode(email: string, ctx: RequestContext): Promise<TCodeSentResponse> {
      const isLive = async () => !(await findUserBySignInName(db, email));
      return issueCode(email, 'register', { live: 'registerCode', notice: 'alreadyRegistered', isLive }, ctx);
    },

    async requestResetCode(email: string, ctx: RequestContext): Promise<TCodeSentResponse> {
      const isLive = async () => !!(await findUserBySignInName(db, email));
      return issueCode(email, 'reset', { live: 'resetCode', notice: 'noAccount', isLive }, ctx);
    },

    /**
     * Creates the account when the code is right, and signs it in. The password is hashed only
     * after the code is spent, so wrong guesses are cheap for us.
     */
    async register(
      input: TRegisterRequest,
      ctx: RequestContext,
    ): Promise<TTokenResponse & { userId: number }> {
      await codes.spend({ email: input.email, purpose: 'register' }, input.code, ctx.ip);
      const passwordHash = await hashPassword(input.password);
      const tokens = await withTransaction(db, async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash,
            nickname: (input.email.split('@')[0] ?? '').slice(0, 64),
          })
          // Registered meanwhile (another code, a social sign-in): the code was for nothing.
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        return created
          ? { ...(await sessions.issue(created.id, ctx.session, tx)), userId: created.id }
          : undefined;
      });
      if (!tokens) throw codes.codeInvalid();
      return tokens;
    },

    /** Sets the new password when the code is right and ends every sign-in of the account. */
    async resetPassword(input: TResetPasswordRequest, ctx: RequestContext): Promise<null> {
      await codes.spend({ email: input.email, purpose: 'reset' }, input.code, ctx.ip);
      const passwordHash = await hashPassword(input.password);
      const isDone = await withTransaction(db, async (tx) => {
        const [user] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: stampNow() })
          .where(eq(users.email, input.email))
          .returning({ id: users.id });
        if (!user) return false;
        await sessions.revokeAllForUser(user.id, tx);
        return true;
      });
      if (!isDone) throw codes.codeInvalid();
      return null;
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
