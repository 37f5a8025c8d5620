import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { generate, getConfig, saveConfig, writeFiles } from './codegen.service';

/**
 * The generator's promise (issue 20, "Done means"): for a scratch table, the generated module
 * type-checks in a copy of this repository and passes its own generated server test against a
 * database (the run's template, PGlite or PostgreSQL). A generator bug that breaks the contract,
 * the Drizzle table, the migration, the repository, the service, the routes, the page or the
 * test itself fails this file.
 */

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
/** Type-checks the generated files only (the rest of the program has its own check). */
const TYPECHECK_FILES = join(REPO, 'scripts/lib/typecheck-files.mjs');
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs');

let ctx: TestContext;
let copy: string;

function run(cwd: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; output: string }>((done) => {
    execFile(
      process.execPath,
      args,
      { cwd, env: { ...process.env, ...env, NO_COLOR: '1', FORCE_COLOR: '0' }, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** A copy of what the generated code needs: the contract, the server, the web app; shared node_modules. */
function makeCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'codegen-roundtrip-'));
  cpSync(join(REPO, 'tsconfig.base.json'), join(root, 'tsconfig.base.json'));
  for (const dir of ['packages/contract', 'apps/server', 'apps/web']) {
    mkdirSync(join(root, dir), { recursive: true });
    for (const name of ['package.json', 'tsconfig.json'])
      cpSync(join(REPO, dir, name), join(root, dir, name));
    cpSync(join(REPO, dir, 'src'), join(root, dir, 'src'), { recursive: true });
    if (existsSync(join(REPO, dir, 'node_modules')))
      symlinkSync(join(REPO, dir, 'node_modules'), join(root, dir, 'node_modules'));
  }
  cpSync(join(REPO, 'apps/server/drizzle'), join(root, 'apps/server/drizzle'), { recursive: true });
  // Every package linked from the repository's node_modules, except the contract: the copy's own.
  mkdirSync(join(root, 'node_modules/@linkstore'), { recursive: true });
  for (const name of readdirSync(join(REPO, 'node_modules'))) {
    if (name === '@linkstore') continue;
    symlinkSync(join(REPO, 'node_modules', name), join(root, 'node_modules', name));
  }
  symlinkSync(join(root, 'packages/contract'), join(root, 'node_modules/@linkstore/contract'));
  return root;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  await db.execute(sql`create table roundtrip_items (
    id bigserial primary key,
    name varchar(60) not null,
    notes text,
    quantity integer not null default 1,
    is_active boolean not null default true,
    due_on date,
    price numeric(10, 2),
    created_at timestamp with time zone not null default now(),
    updated_at timestamp with time zone not null default now()
  )`);
  await db.execute(sql`comment on table roundtrip_items is 'Items of the generator round trip'`);
  await db.execute(sql`comment on column roundtrip_items.name is 'Item name'`);
  copy = makeCopy();
});
afterAll(async () => {
  // CODEGEN_KEEP_COPY=1 keeps the copy to look at after a failure.
  if (copy && !process.env.CODEGEN_KEEP_COPY) rmSync(copy, { recursive: true, force: true });
  await ctx.close();
});

describe('code generator round trip', () => {
  it('generates a module for a scratch table that type-checks and passes its own generated tests', async () => {
    const db = ctx.database.db;
    const defaults = await getConfig(db, 'roundtrip_items');
    await saveConfig(
      db,
      'roundtrip_items',
      {
        moduleName: 'roundtrip',
        entityName: 'RoundtripItem',
        businessName: 'Round-trip items',
        parentMenuId: null,
        fields: defaults.fields.map((f) => ({
          ...f,
          isShowInQuery: ['name', 'quantity', 'due_on', 'is_active'].includes(f.columnName),
          queryType: f.columnName === 'quantity' ? ('>=' as const) : f.queryType,
        })),
      },
      { id: '1', roles: ['ROOT'], permissions: [] },
    );
    const files = await generate(db, 'roundtrip_items');
    await writeFiles(copy, files);

    const serverFiles = files.filter((f) => /^(packages\/contract|apps\/server\/src)\/.*\.ts$/.test(f.path));
    const webFiles = files.filter((f) => /^apps\/web\/src\/.*\.tsx?$/.test(f.path));
    expect(serverFiles.length).toBe(7);
    expect(webFiles.length).toBe(2);
    writeFileSync(
      join(copy, 'apps/server/vitest.roundtrip.config.ts'),
      [
        "import { defineConfig } from 'vitest/config';",
        'export default defineConfig({',
        "  test: { include: ['src/modules/roundtrip/*.test.ts'], globalSetup: ['./roundtrip-setup.ts'], testTimeout: 20_000, hookTimeout: 60_000 },",
        '});',
      ].join('\n'),
    );
    // The generated test copies the run's own template database: no second migration and seed.
    writeFileSync(
      join(copy, 'apps/server/roundtrip-setup.ts'),
      "export default function setup(project: { provide(key: string, value: unknown): void }) {\n  project.provide('testDatabase', JSON.parse(process.env.ROUNDTRIP_TEST_DATABASE ?? 'null'));\n}\n",
    );

    const [serverTypes, webTypes, tests] = await Promise.all([
      run(join(copy, 'apps/server'), [
        TYPECHECK_FILES,
        'tsconfig.json',
        ...serverFiles.map((f) => join(copy, f.path)),
      ]),
      run(join(copy, 'apps/web'), [
        TYPECHECK_FILES,
        'tsconfig.json',
        ...webFiles.map((f) => join(copy, f.path)),
      ]),
      run(
        join(copy, 'apps/server'),
        [
          VITEST,
          'run',
          '--config',
          'vitest.roundtrip.config.ts',
          '--reporter=default',
          '--reporter=json',
          '--outputFile.json=result.json',
        ],
        { ROUNDTRIP_TEST_DATABASE: JSON.stringify(inject('testDatabase')) },
      ),
    ]);
    expect(serverTypes, serverTypes.output).toMatchObject({ code: 0 });
    expect(webTypes, webTypes.output).toMatchObject({ code: 0 });
    expect(tests.code, tests.output).toBe(0);
    const result = JSON.parse(readFileSync(join(copy, 'apps/server/result.json'), 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    expect({ passed: result.numPassedTests, failed: result.numFailedTests }).toEqual({
      passed: 3,
      failed: 0,
    });
  }, 120_000);
});
