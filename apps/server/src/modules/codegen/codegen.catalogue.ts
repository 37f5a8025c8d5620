import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../platform/db/database';
import { containsPattern } from '../../platform/db/like';
import { MIGRATIONS_DIR } from '../../platform/db/migrate';
import { resultRows } from '../../platform/db/rows';

/**
 * The database's own description of its tables (pg_catalog), read with every name passed as a
 * parameter, never spliced into the SQL. Works the same on PGlite and PostgreSQL.
 */

/** Tables the generator never offers: its own and drizzle's bookkeeping. */
export const HIDDEN_TABLES = ['codegen_configs', '__drizzle_migrations'] as const;

export interface CatalogueTable {
  tableName: string;
  tableComment: string;
}

export interface CatalogueColumn {
  columnName: string;
  columnType: string;
  notNull: boolean;
  /** The default expression (`now()`, `nextval('…'::regclass)`), or null. */
  defaultExpr: string | null;
  isIdentity: boolean;
  isPrimaryKey: boolean;
  comment: string;
  /** varchar(n) / char(n): n. */
  maxLength: number | null;
}

/** Ordinary and partitioned tables of schema public; partitions and hidden tables left out. */
function tablesWhere(keywords?: string): SQL {
  const hidden = sql.join(
    HIDDEN_TABLES.map((name) => sql`${name}`),
    sql`, `,
  );
  const base = sql`n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    and c.relname not in (${hidden})`;
  if (!keywords) return base;
  const pattern = containsPattern(keywords);
  return sql`${base} and (c.relname ilike ${pattern}
    or coalesce(obj_description(c.oid, 'pg_class'), '') ilike ${pattern})`;
}

export async function pageTables(
  db: AppDatabase,
  query: { pageNum: number; pageSize: number; keywords?: string | undefined },
): Promise<{ rows: CatalogueTable[]; total: number }> {
  const where = tablesWhere(query.keywords);
  const [counted] = resultRows<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace where ${where}`),
  );
  const rows = resultRows<{ table_name: string; table_comment: string }>(
    await db.execute(sql`select c.relname as table_name,
        coalesce(obj_description(c.oid, 'pg_class'), '') as table_comment
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where ${where} order by c.relname
      limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`),
  );
  return {
    total: Number(counted?.total ?? 0),
    rows: rows.map((r) => ({ tableName: r.table_name, tableComment: r.table_comment })),
  };
}

/** The table as the catalogue knows it, or undefined when it is not one the generator offers. */
export async function findTable(db: AppDatabase, tableName: string): Promise<CatalogueTable | undefined> {
  const [row] = resultRows<{ table_name: string; table_comment: string }>(
    await db.execute(sql`select c.relname as table_name,
        coalesce(obj_description(c.oid, 'pg_class'), '') as table_comment
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where ${tablesWhere()} and c.relname = ${tableName}`),
  );
  return row ? { tableName: row.table_name, tableComment: row.table_comment } : undefined;
}

export async function listColumns(db: AppDatabase, tableName: string): Promise<CatalogueColumn[]> {
  const rows = resultRows<{
    column_name: string;
    column_type: string;
    not_null: boolean;
    default_expr: string | null;
    is_identity: boolean;
    is_pk: boolean;
    column_comment: string;
    max_length: number | null;
  }>(
    await db.execute(sql`select a.attname as column_name,
        format_type(a.atttypid, a.atttypmod) as column_type,
        a.attnotnull as not_null,
        pg_get_expr(d.adbin, d.adrelid) as default_expr,
        a.attidentity <> '' as is_identity,
        exists (select 1 from pg_catalog.pg_index i
          where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any (i.indkey)) as is_pk,
        coalesce(col_description(a.attrelid, a.attnum), '') as column_comment,
        case when t.typname in ('varchar', 'bpchar') and a.atttypmod > 4
          then a.atttypmod - 4 end as max_length
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_type t on t.oid = a.atttypid
      left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and c.relname = ${tableName} and a.attnum > 0 and not a.attisdropped
      order by a.attnum`),
  );
  return rows.map((r) => ({
    columnName: r.column_name,
    columnType: r.column_type,
    notNull: r.not_null,
    defaultExpr: r.default_expr,
    isIdentity: r.is_identity,
    isPrimaryKey: r.is_pk,
    comment: r.column_comment,
    maxLength: r.max_length === null ? null : Number(r.max_length),
  }));
}

/** How many committed migrations this database has applied: the next migration's number. */
export async function appliedMigrationCount(db: AppDatabase): Promise<number> {
  try {
    const [row] = resultRows<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    return Number(row?.n ?? 0);
  } catch {
    return 0;
  }
}

let creationDates: Map<string, number> | undefined;

/**
 * PostgreSQL does not record when a table was created, so the generator shows the date of the
 * committed migration whose SQL creates it (the journal's `when`). Read once per process.
 */
export function migrationDateOf(tableName: string): number | undefined {
  if (!creationDates) {
    creationDates = new Map();
    try {
      const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
        entries: { tag: string; when: number }[];
      };
      for (const entry of journal.entries) {
        const text = readFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8');
        for (const match of text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(?:"public"\.)?"([^"]+)"/gi)) {
          const name = match[1];
          if (name && !creationDates.has(name)) creationDates.set(name, entry.when);
        }
      }
    } catch {
      // No migrations folder next to this build: no dates.
    }
  }
  return creationDates.get(tableName);
}
