/** What the global setup hands each test file: how to get its own copy of the seeded database. */
export type TestDatabaseSource =
  { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; adminUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

/** The same server URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** The seeded operators' password in every test database (root, admin, test). */
export const TEST_SEED_PASSWORD = 'seed-password-for-tests-1';
