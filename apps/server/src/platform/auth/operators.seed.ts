import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { roles, userRoles } from './access.tables';
import { users } from './auth.tables';
import { hashPassword } from './passwords';

export const SEED_ROLES = [
  { code: 'ROOT', name: 'Super administrator', sort: 1, dataScope: 0 },
  { code: 'ADMIN', name: 'System administrator', sort: 2, dataScope: 0 },
  { code: 'GUEST', name: 'Guest', sort: 3, dataScope: 2 },
] as const;

export const SEED_OPERATORS = [
  { username: 'root', nickname: 'Root', role: 'ROOT' },
  { username: 'admin', nickname: 'Administrator', role: 'ADMIN' },
  { username: 'test', nickname: 'Tester', role: 'GUEST' },
] as const;

export const CREDENTIALS_FILE = 'first-run-credentials.txt';

export interface OperatorSeedReport {
  created: string[];
  /** Set when this run generated the password (no SEED_PASSWORD): show it once. */
  generatedPassword?: string;
}

/**
 * The console's base roles and operators. Their password comes from SEED_PASSWORD; without it
 * each install gets a random one, written to DATA_DIR/first-run-credentials.txt and printed
 * once — never a fixed password in the code. Existing rows are left as they are.
 */
export async function seedOperators(
  db: AppDatabase,
  options: { seedPassword?: string | undefined; dataDir?: string | undefined },
): Promise<OperatorSeedReport> {
  await db
    .insert(roles)
    .values(SEED_ROLES.map((r) => ({ ...r })))
    .onConflictDoNothing({ target: roles.code });
  const existing = await db
    .select({ username: users.username })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        SEED_OPERATORS.map((o) => o.username),
      ),
    );
  const missing = SEED_OPERATORS.filter(
    (o) => !existing.some((e) => e.username?.toLowerCase() === o.username),
  );
  if (missing.length === 0) return { created: [] };

  const generated = options.seedPassword ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(options.seedPassword ?? generated ?? '');
  const roleRows = await db.select({ id: roles.id, code: roles.code }).from(roles);
  for (const operator of missing) {
    const [user] = await db
      .insert(users)
      .values({ username: operator.username, nickname: operator.nickname, passwordHash })
      .returning({ id: users.id });
    const role = roleRows.find((r) => r.code === operator.role);
    if (user && role) await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  }
  if (generated && options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    const file = join(options.dataDir, CREDENTIALS_FILE);
    if (!existsSync(file)) {
      const lines = missing.map((o) => `${o.username.padEnd(8)} ${generated}   (role ${o.role})`);
      writeFileSync(file, `LinkStore operator accounts created at first start:\n${lines.join('\n')}\n`, {
        mode: 0o600,
      });
    }
  }
  return { created: missing.map((o) => o.username), ...(generated ? { generatedPassword: generated } : {}) };
}
