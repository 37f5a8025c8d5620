import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { payoutsModule } from './modules/payouts/payouts.routes';
import { reconciliationModule } from './modules/reconciliation/reconciliation.routes';
import { refundsModule } from './modules/refunds/refunds.routes';

/*
 * The money modules declare what they need (Fastify plugin `dependencies`): an app that lacks one
 * fails at start, naming it, instead of running with the behaviour silently off.
 */

/** A stand-in plugin that only carries a name, for an app that has every dependency but `missing`. */
const named = (name: string) => fp(async () => undefined, { name }) as unknown as FastifyPluginAsync;

async function startWithout(module: FastifyPluginAsync, present: string[]): Promise<unknown> {
  const app = Fastify({ logger: false });
  for (const name of present) await app.register(named(name));
  try {
    await app.register(module);
    await app.ready();
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await app.close().catch(() => undefined);
  }
}

describe('money modules declare their dependencies', () => {
  const cases: [string, FastifyPluginAsync, string[]][] = [
    [
      'refunds',
      refundsModule,
      ['payments', 'mail', 'order-links', 'realtime', 'private-answers', 'jobs', 'creator-mails'],
    ],
    [
      'payouts',
      payoutsModule,
      ['payments', 'realtime', 'private-answers', 'configs', 'jobs', 'creator-mails'],
    ],
    ['reconciliation', reconciliationModule, ['configs', 'jobs']],
  ];
  for (const [name, module, needs] of cases) {
    for (const missing of needs) {
      it(`${name} does not start without ${missing}`, async () => {
        const error = await startWithout(
          module,
          needs.filter((n) => n !== missing),
        );
        expect(String(error)).toContain(`The dependency '${missing}' of plugin '${name}' is not registered`);
      });
    }
  }
});

/*
 * Every module registered by the app declares each platform part or module it takes from the app
 * (`app.jobs`, `app.mailer`, `app.realtime`, …): read from its source (its plugin's file and the
 * files of its folder that file imports) and from the plugin's own metadata. A module that uses
 * one without declaring it fails here, naming what to add.
 */
const SRC = dirname(fileURLToPath(import.meta.url));
const read = (path: string) => readFileSync(path, 'utf8');

/** Every `.ts` file under `dir`, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** What the app is decorated with, by which plugin (the name in its `fp(…, { name })`) and where. */
function decorationOwners(): Map<string, { plugin: string; folder: string }> {
  const owners = new Map<string, { plugin: string; folder: string }>();
  for (const file of [...sourceFiles(join(SRC, 'platform')), ...sourceFiles(join(SRC, 'modules'))]) {
    const text = read(file);
    const names = [...text.matchAll(/\bname: '([\w-]+)'/g)].map((m) => m[1]);
    const owner = names.at(-1);
    for (const [, decoration] of text.matchAll(/\.decorate\(\s*'(\w+)'/g))
      if (owner && decoration) owners.set(decoration, { plugin: owner, folder: dirname(file) });
  }
  return owners;
}

/** A file and the files of its own folder it imports, and theirs (tables left out). */
function ownFiles(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, spec] of read(file).matchAll(/from '\.\/([\w.-]+)'/g)) {
    const next = join(dirname(file), `${spec}.ts`);
    if (!spec?.endsWith('.table') && existsSync(next)) ownFiles(next, seen);
  }
  return seen;
}

describe('every module declares what it takes from the app', () => {
  const owners = decorationOwners();
  const app = read(join(SRC, 'app.ts'));
  const registered = [...app.matchAll(/import \{ (\w+) \} from '\.\/modules\/([\w/.-]+)';/g)]
    .map(([, name, path]) => ({ name: name ?? '', file: join(SRC, 'modules', `${path}.ts`) }))
    .filter(({ name }) => new RegExp(`app\\.register\\(${name}\\b`).test(app));

  it('finds the modules and what decorates the app', () => {
    expect(registered.length).toBeGreaterThan(30);
    expect(owners.get('mailer')?.plugin).toBe('mail');
    expect(owners.get('jobs')?.plugin).toBe('jobs');
    expect(owners.get('payments')?.plugin).toBe('payments');
  });

  for (const { name, file } of registered) {
    it(`${name} (${file.slice(SRC.length + 1)})`, async () => {
      const plugin = ((await import(file)) as Record<string, unknown>)[name] as Record<symbol, unknown>;
      const meta = plugin[Symbol.for('plugin-meta')] as
        { name?: string; dependencies?: string[] } | undefined;
      expect(
        meta?.name,
        `${name} is a plugin with a name: fp(…, { name, dependencies, encapsulate: true })`,
      ).toBeTruthy();
      const used = new Set<string>();
      for (const own of ownFiles(file))
        for (const [, decoration] of read(own).matchAll(/\b(?:app|fastify|instance)\.(\w+)\b/g)) {
          const owner = decoration ? owners.get(decoration) : undefined;
          // What its own folder's plugins decorate is the module's own (configs' request limit
          // reads the settings configs loads).
          if (owner && owner.folder !== dirname(file)) used.add(`${owner.plugin} (app.${decoration})`);
        }
      const declared = new Set(meta?.dependencies ?? []);
      const missing = [...used].filter((entry) => !declared.has(entry.split(' ')[0] ?? ''));
      expect(missing, `${name} uses these without declaring them in its plugin's dependencies`).toEqual([]);
    });
  }
});
