import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash of a random string: verifying against it costs what a real check costs.
const DUMMY_HASH = hash(`dummy-${Math.random()}`);

/**
 * Checks a password. With no stored hash (unknown account, social-only account) it still does
 * the work of a check, so the answer's timing does not tell whether the account exists.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
