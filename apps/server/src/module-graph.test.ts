import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The module rules of decision 0022, checked on the source: lint enforces which file may import
 * which; this walks the whole graph, which lint cannot, and finds loops between module folders.
 */

const SRC = dirname(fileURLToPath(import.meta.url));

interface SourceFile {
  /** Relative to src, with forward slashes: `modules/orders/checkout.service.ts`. */
  path: string;
  /** The src-relative files it imports (relative imports only). */
  imports: string[];
}

function sourceFiles(dir: string): SourceFile[] {
  const files = readdirSync(join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(dir, name));
  return files.map((file) => {
    const text = readFileSync(join(SRC, file), 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map(
      (m) => m[1] ?? '',
    );
    return {
      path: file.split('\\').join('/'),
      imports: specifiers.map((s) =>
        relative(SRC, resolve(SRC, dirname(file), s))
          .split('\\')
          .join('/'),
      ),
    };
  });
}

const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];
const isTable = (path: string) => /\.tables?$/.test(path);
const isFace = (path: string) => /^modules\/[^/]+\/[^/]+\.api$/.test(path);

const modules = sourceFiles('modules');
const platform = sourceFiles('platform');

describe('module graph', () => {
  it('platform never imports a module or the composition root', () => {
    const wrong = platform.flatMap((file) =>
      file.imports.filter((to) => !to.startsWith('platform/')).map((to) => `${file.path} → ${to}`),
    );
    expect(wrong).toEqual([]);
  });

  it('table files import only tables', () => {
    const wrong = modules
      .filter((file) => file.path.endsWith('.table.ts'))
      .flatMap((file) => file.imports.filter((to) => !isTable(to)).map((to) => `${file.path} → ${to}`));
    expect(wrong).toEqual([]);
  });

  it('a module reaches another only through its face or its tables', () => {
    const wrong = modules.flatMap((file) =>
      file.imports
        .filter((to) => moduleOf(to) !== undefined && moduleOf(to) !== moduleOf(file.path))
        .filter((to) => !isFace(to) && !isTable(to))
        .map((to) => `${file.path} → ${to}`),
    );
    expect(wrong).toEqual([]);
  });

  it('module folders do not depend on each other in a loop (through faces)', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of modules) {
      const from = moduleOf(file.path);
      if (!from) continue;
      for (const to of file.imports) {
        const target = moduleOf(to);
        if (!target || target === from || isTable(to)) continue;
        edges.set(from, (edges.get(from) ?? new Set()).add(target));
      }
    }
    // Depth-first search; a node met again while on the current path closes a loop.
    const loops: string[] = [];
    const done = new Set<string>();
    const visit = (node: string, path: string[]) => {
      if (path.includes(node)) {
        loops.push([...path.slice(path.indexOf(node)), node].join(' → '));
        return;
      }
      if (done.has(node)) return;
      for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
      done.add(node);
    };
    for (const node of edges.keys()) visit(node, []);
    expect(edges.size).toBeGreaterThan(3);
    expect(loops).toEqual([]);
  });
});

/*
 * Walls on writes: each table has one owner, the module whose `*.table.ts` defines it (or the
 * platform folder whose `*.tables.ts` does). No other module inserts, updates or deletes its rows —
 * neither through the imported Drizzle table (`db.update(payments)`) nor in raw SQL
 * (`update payments set …`); it calls the owner's face, passing its transaction where the write
 * must commit with its own change. Reading (a select, a join) stays allowed.
 */

interface TableOwner {
  /** `modules/payments` or `platform/auth`. */
  owner: string;
  /** The file that defines the table, src-relative, without `.ts`. */
  file: string;
  /** The SQL name, `payments`. */
  table: string;
}

/**
 * The platform's identity and access tables are kept by the modules that are its console rooms:
 * sign-up and sign-in (`accounts`), users, roles and menus. Any other module goes through
 * platform/auth (`user-writes.ts`, `access-writes.ts`).
 */
const PLATFORM_KEEPERS: Record<string, string[]> = {
  'platform/auth': ['accounts', 'users', 'roles', 'menus'],
};

function tableFiles(): { file: string; text: string }[] {
  return ['modules', 'platform'].flatMap((dir) =>
    readdirSync(join(SRC, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tables?\.ts$/.test(name))
      .map((name) => {
        const file = join(dir, name).split('\\').join('/');
        return { file: file.replace(/\.ts$/, ''), text: readFileSync(join(SRC, file), 'utf8') };
      }),
  );
}

/** Export name → table, per table file; and SQL name → table. */
function tableOwners() {
  const byExport = new Map<string, Map<string, TableOwner>>();
  const bySqlName = new Map<string, TableOwner>();
  for (const { file, text } of tableFiles()) {
    const owner = /^(modules\/[^/]+|platform\/[^/]+)\//.exec(file)?.[1] ?? file;
    const exports = new Map<string, TableOwner>();
    for (const m of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'([^']+)'/g)) {
      const entry = { owner, file, table: m[2] ?? '' };
      exports.set(m[1] ?? '', entry);
      bySqlName.set(entry.table, entry);
    }
    byExport.set(file, exports);
  }
  return { byExport, bySqlName };
}

/** Comments out of the way: a comment may say "update orders" without writing them. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Which face to use instead of writing the owner's table. */
function faceOf(owner: string): string {
  const name = owner.split('/')[1] ?? owner;
  if (owner.startsWith('modules/')) return `${name}.api.ts`;
  if (owner === 'platform/auth') return 'platform/auth (user-writes.ts, access-writes.ts)';
  return owner;
}

function mayWrite(module: string, owner: string): boolean {
  return owner === `modules/${module}` || (PLATFORM_KEEPERS[owner] ?? []).includes(module);
}

/** Every write of a table by a module that does not own it, as readable lines. */
function foreignWrites(files: { path: string; text: string }[]): string[] {
  const { byExport, bySqlName } = tableOwners();
  const found: string[] = [];
  for (const { path, text } of files) {
    const module = moduleOf(path);
    if (!module) continue;
    const code = withoutComments(text);
    // Local names bound to another owner's table objects, from `import { a, b as c } from '…table'`.
    const imported = new Map<string, TableOwner>();
    for (const m of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = relative(SRC, resolve(SRC, dirname(path), m[2] ?? ''))
        .split('\\')
        .join('/');
      const tables = byExport.get(target);
      if (!tables) continue;
      for (const spec of (m[1] ?? '').split(',')) {
        const [name, alias] = spec
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)
          .map((s) => s.trim());
        const table = tables.get(name ?? '');
        if (table) imported.set(alias ?? name ?? '', table);
      }
    }
    const say = (how: string, table: TableOwner) => {
      if (mayWrite(module, table.owner)) return;
      found.push(
        `${path} ${how} table "${table.table}" owned by ${table.owner}: use ${faceOf(table.owner)} instead`,
      );
    };
    for (const m of code.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const table = imported.get(m[2] ?? '');
      if (table) say(`${m[1]}s (drizzle)`, table);
    }
    const verb = (m: RegExpMatchArray) => `${(m[1] ?? '').toLowerCase().replace(/\s+/g, ' ')} (raw SQL)`;
    for (const m of code.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)) {
      const table = bySqlName.get(m[2] ?? '');
      if (table) say(verb(m), table);
    }
    // The table interpolated into raw SQL: sql`update ${payments} set …`.
    for (const m of code.matchAll(/\b(insert\s+into|update|delete\s+from)\s+\$\{\s*(\w+)\s*\}/gi)) {
      const table = imported.get(m[2] ?? '');
      if (table) say(verb(m), table);
    }
  }
  return found;
}

const moduleSources = () =>
  modules.map((file) => ({ path: file.path, text: readFileSync(join(SRC, file.path), 'utf8') }));

describe('table walls', () => {
  it('knows the owner of every table', () => {
    const { bySqlName } = tableOwners();
    expect(bySqlName.get('payments')?.owner).toBe('modules/payments');
    expect(bySqlName.get('orders')?.owner).toBe('modules/orders');
    expect(bySqlName.get('users')?.owner).toBe('platform/auth');
    expect(bySqlName.size).toBeGreaterThan(40);
  });

  it('finds a write of another module’s table, drizzle or raw SQL, and lets joins pass', () => {
    const planted = [
      "import { payments } from '../payments/payments.table';",
      "import { orders as o } from '../orders/orders.table';",
      "import { refunds } from './refunds.table';",
      'await tx.update(payments).set({ reservedMinor: 0 });',
      'await db.select().from(refunds).innerJoin(o, eq(o.id, refunds.orderId));',
      'await tx.execute(sql`update orders set version = version + 1`);',
      'await tx.execute(sql`DELETE FROM "users" where id = 1`);',
      'await tx.execute(sql`insert into ${o} (id) values (1)`);',
      "await db.select().from(payments).for('update');",
      '// update payments here would be wrong',
      'await db.insert(refunds).values({});',
    ].join('\n');
    expect(foreignWrites([{ path: 'modules/refunds/planted.ts', text: planted }])).toEqual([
      'modules/refunds/planted.ts updates (drizzle) table "payments" owned by modules/payments: use payments.api.ts instead',
      'modules/refunds/planted.ts update (raw SQL) table "orders" owned by modules/orders: use orders.api.ts instead',
      'modules/refunds/planted.ts delete from (raw SQL) table "users" owned by platform/auth: use platform/auth (user-writes.ts, access-writes.ts) instead',
      'modules/refunds/planted.ts insert into (raw SQL) table "orders" owned by modules/orders: use orders.api.ts instead',
    ]);
  });

  it('no module writes a table another module owns', () => {
    expect(foreignWrites(moduleSources())).toEqual([]);
  });
});
