import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';

describe('openDatabase on PostgreSQL', () => {
  it("logs the pool's errors (an idle connection failing) instead of swallowing them, and keeps running", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // Nothing listens there, and nothing connects until a query: the pool alone is under test.
    const handle = await openDatabase(
      { kind: 'postgres', url: 'postgres://nobody:pw@127.0.0.1:9/none' },
      { log: pino({ name: 'database' }, sink) },
    );
    try {
      if (handle.raw.kind !== 'postgres') throw new Error('expected a pool');
      handle.raw.pool.emit('error', new Error('terminating connection due to administrator command'));
      expect(lines).toHaveLength(1);
      const entry = JSON.parse(lines[0] ?? '{}') as { level: number; msg: string; err: { message: string } };
      expect(entry.level).toBe(50);
      expect(entry.msg).toBe('PostgreSQL pool: an idle connection failed');
      expect(entry.err.message).toBe('terminating connection due to administrator command');
    } finally {
      await handle.close();
    }
  });
});
