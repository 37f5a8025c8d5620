import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Everyone who signs in: creators and operators. Identity is cross-cutting (every module asks
 * "who is calling"), so it lives in the platform; the console's user management builds on it.
 */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Console sign-in name; creators sign in by email and may have none. */
    username: varchar('username', { length: 64 }),
    /** Stored lower-cased. */
    email: varchar('email', { length: 254 }),
    /** argon2id; null for accounts that only sign in with Google or Facebook. */
    passwordHash: text('password_hash'),
    nickname: varchar('nickname', { length: 64 }).notNull().default(''),
    /** Dictionary `gender`: 0 not said, 1 male, 2 female. */
    gender: smallint('gender').notNull().default(0),
    /** Optional contact number, digits with an optional leading `+`. */
    mobile: varchar('mobile', { length: 20 }),
    avatarUrl: text('avatar_url'),
    /** 1 active, 0 disabled (a disabled account cannot sign in and its sessions end). */
    status: smallint('status').notNull().default(1),
    /** Raised on password change or disabling: access tokens carry it and stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    countryId: varchar('country_id', { length: 2 }).notNull().default('US'),
    /** The dashboard's time zone (IANA, e.g. `Europe/Paris`); null: the browser's. */
    timeZone: varchar('time_zone', { length: 64 }),
    /** The operator's department (`depts.id`); none for creators. */
    deptId: bigint('dept_id', { mode: 'number' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    index().on(t.deptId),
  ],
);

/** A Google or Facebook account linked to a user, identified by (provider, subject) only. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    /** What the provider said at the last sign-in; informational, never used to match. */
    email: varchar('email', { length: 254 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject),
    index().on(t.userId),
  ],
);

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. A sign-in starts a family; each use rotates
 * the token within the family; presenting a rotated token again revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** The family's absolute end: rotation never extends it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: varchar('user_agent', { length: 255 }),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index().on(t.familyId),
    index().on(t.userId),
  ],
);

/** Emailed 6-digit codes (registration, password reset, email binding), stored hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    purpose: varchar('purpose', { length: 24 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /**
     * Who asked: `ip:<address or IPv6 /64>`, or `device:<id>` for a browser that signed in to the
     * account before (its own budget, outside the address's shared cap). Null on older rows.
     */
    requester: varchar('requester', { length: 80 }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.email, t.purpose, t.createdAt)],
);

/** Image captchas: single use, two minutes; in the database so any API process can check them. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Pending Google/Facebook sign-ins: state → PKCE verifier and nonce, ten minutes, single use. */
export const oauthStates = pgTable('oauth_states', {
  state: varchar('state', { length: 64 }).primaryKey(),
  provider: varchar('provider', { length: 16 }).notNull(),
  codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
  nonce: varchar('nonce', { length: 64 }).notNull(),
  /** Where the web app goes after sign-in (a hash route of ours, never an outside URL). */
  returnTo: varchar('return_to', { length: 255 }).notNull().default('/'),
  /** SHA-256 of the binding cookie of the browser that started it; only that browser finishes it. */
  bindingHash: varchar('binding_hash', { length: 64 }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * Finished Google/Facebook sign-ins waiting for the web app: the one-time code the callback puts
 * in the address (stored as its SHA-256 hash), the user it signs in, a minute, single use. The
 * web app trades it for a token pair by a POST, so no token ever travels in a URL.
 */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The starting browser's binding (as on `oauth_states`): only it may trade the code. */
    bindingHash: varchar('binding_hash', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.expiresAt)],
);
