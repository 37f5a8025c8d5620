import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPostgresBin } from './deps.mjs';
import { capture, freePort, run } from './process.mjs';

/**
 * Starts a throw-away PostgreSQL server on a free loopback port, in a private data folder.
 * As root it runs as the `postgres` system user (PostgreSQL refuses to run as root).
 * Resolves with the admin URL and a stop function that removes everything.
 */
export async function startPostgres() {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'linkstore-pg-'));
  const port = await freePort();
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    const uid = Number(capture('id', ['-u', 'postgres']));
    const gid = Number(capture('id', ['-g', 'postgres']));
    if (!Number.isInteger(uid)) throw new Error('the postgres system user is missing');
    chownSync(dir, uid, gid);
  }
  const asPostgres = (args) =>
    isRoot
      ? run('su', ['postgres', '-s', '/bin/sh', '-c', args.map((a) => `'${a}'`).join(' ')], {
          stdio: 'ignore',
        })
      : run(args[0], args.slice(1), { stdio: 'ignore' });

  const data = join(dir, 'data');
  if (
    (await asPostgres([
      join(bin, 'initdb'),
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ])) !== 0
  ) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error('initdb failed');
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const started = await asPostgres([
    join(bin, 'pg_ctl'),
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-o',
    options,
    '-w',
    'start',
  ]);
  if (started !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error('pg_ctl start failed');
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await asPostgres([join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
