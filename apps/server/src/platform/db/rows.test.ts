import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/helper';
import { queryRows, resultRows } from './rows';

const db = useTestDatabase();

describe('queryRows', () => {
  it("answers the raw query's rows, in order, with the columns it named", async () => {
    const rows = await queryRows<{ n: number; word: string }>(
      db(),
      sql`select n::int as n, 'w' || n as word from generate_series(1, 3) as n order by n`,
    );
    expect(rows).toEqual([
      { n: 1, word: 'w1' },
      { n: 2, word: 'w2' },
      { n: 3, word: 'w3' },
    ]);
  });

  it('answers no rows as an empty list', async () => {
    expect(await queryRows(db(), sql`select 1 as n where false`)).toEqual([]);
  });
});

describe('resultRows', () => {
  it('reads `{ rows }` answers and bare arrays alike', () => {
    expect(resultRows<{ a: number }>({ rows: [{ a: 1 }] })).toEqual([{ a: 1 }]);
    expect(resultRows<{ a: number }>([{ a: 2 }])).toEqual([{ a: 2 }]);
  });

  it('refuses an answer without rows rather than answering undefined', () => {
    expect(() => resultRows({ rowCount: 1 })).toThrow(TypeError);
    expect(() => resultRows(undefined)).toThrow(TypeError);
  });
});
