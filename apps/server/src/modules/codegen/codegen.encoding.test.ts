import { PGlite } from '@electric-sql/pglite';
import type { TCodegenFile } from '@linkstore/contract';
import { sql } from 'drizzle-orm';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { generate, getConfig } from './codegen.service';
import { codegenConfigs } from './codegen.table';

/**
 * Hostile words never become code (issue 31). A table whose column names and comments, and
 * settings whose business name and field comments, hold everything that ends a comment or a
 * literal early (`*\/`, quotes, line feeds, carriage returns, U+2028, `--`, drizzle's statement
 * breakpoint) around the marker PWNED. The settings go straight into the table, as settings saved
 * before the request schemas refused control characters would be (the catalogue's text is never
 * validated either). Every generated file is then read by its own parser: TypeScript's for the
 * .ts and .tsx files (no syntax error, PWNED only inside a comment or a string literal, and the
 * literals hold the words exactly), JSON.parse for the texts, and PostgreSQL itself for the
 * migration, run statement by statement in a fresh PGlite as drizzle's migrator runs it: it
 * makes exactly the table, with the very names and comments, and nothing else.
 */

const MARK = 'PWNED';
const BUSINESS_NAME = [
  `Hostile */ ${MARK}(); /* **// ' + ${MARK} + ' " \` \${${MARK}}`,
  `\nCREATE TABLE pwned_b (x int); -- ${MARK}`,
  `\r${MARK}();\r\n--> statement-breakpoint\nDROP TABLE hostile_notes;`,
  `\u2028${MARK}\u2029\u202E${MARK}\\`,
].join('');
const FIELD_COMMENT = `Title */ ${MARK} /*\n${MARK}();\r' ${MARK} '\u2028--> statement-breakpoint`;
const TABLE_COMMENT = `Hostile table */ ${MARK}\r\n--> statement-breakpoint\nCREATE TABLE pwned_t (x int);--'`;
const COLUMN_COMMENT = `Body\n${MARK} */ --> statement-breakpoint\nCREATE TABLE pwned_c (x int); '\\`;
/** Quoted identifiers hold anything but NUL: a `*\/`, a line feed, a breakpoint. */
const HOSTILE_COLUMN = `t*/${MARK}--> statement-breakpoint`;
const NEWLINE_COLUMN = `note\n${MARK}'"`;

let ctx: TestContext;
let files: TCodegenFile[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
  await db.execute(
    sql.raw(`create table hostile_notes (
      id bigserial primary key,
      ${quoted(HOSTILE_COLUMN)} varchar(40) not null,
      ${quoted(NEWLINE_COLUMN)} text,
      body text default ${literal("it's -- fine")}
    )`),
  );
  await db.execute(sql.raw(`comment on table hostile_notes is ${literal(TABLE_COMMENT)}`));
  await db.execute(sql.raw(`comment on column hostile_notes.body is ${literal(COLUMN_COMMENT)}`));
  await db.execute(
    sql.raw(`comment on column hostile_notes.${quoted(HOSTILE_COLUMN)} is ${literal(COLUMN_COMMENT)}`),
  );
});
afterAll(() => ctx.close());

/** Where each PWNED of a TypeScript file stands: fine inside a comment or a string literal only. */
function markersOutsideWords(file: TCodegenFile): string[] {
  const sf = ts.createSourceFile(
    file.fileName,
    file.content,
    ts.ScriptTarget.Latest,
    true,
    file.language === 'tsx' ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const wrong: string[] = [];
  for (let at = sf.text.indexOf(MARK); at !== -1; at = sf.text.indexOf(MARK, at + 1)) {
    let node: ts.Node = sf;
    let inJsDoc = false;
    for (;;) {
      const child = node.getChildren(sf).find((c) => c.pos <= at && at < c.end);
      if (!child) break;
      node = child;
      if (ts.isJSDoc(node)) inJsDoc = true;
    }
    const inTrivia = at < node.getStart(sf);
    const inLiteral = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
    if (!inTrivia && !inLiteral && !inJsDoc) {
      wrong.push(`${file.path}: ${ts.SyntaxKind[node.kind]} ${JSON.stringify(node.getText(sf))}`);
    }
  }
  return wrong;
}

function stringLiterals(file: TCodegenFile): string[] {
  const sf = ts.createSourceFile(
    file.fileName,
    file.content,
    ts.ScriptTarget.Latest,
    true,
    file.language === 'tsx' ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node)) found.push(node.text);
    node.forEachChild(visit);
  };
  visit(sf);
  return found;
}

describe('code generator: hostile names and comments', () => {
  it('generates from settings and a catalogue full of comment and statement breakers', async () => {
    const db = ctx.database.db;
    const defaults = await getConfig(db, 'hostile_notes');
    await db.insert(codegenConfigs).values({
      tableName: 'hostile_notes',
      config: {
        moduleName: 'hostile',
        entityName: 'HostileNote',
        businessName: BUSINESS_NAME,
        parentMenuId: null,
        fields: defaults.fields.map((f) => (f.isPrimaryKey ? f : { ...f, fieldComment: FIELD_COMMENT })),
      },
    });
    files = await generate(db, 'hostile_notes');
    expect(files.map((f) => f.language)).toContain('sql');
  });

  it('TypeScript: every file parses, and the words stay inside comments and string literals, exactly', () => {
    const code = files.filter((f) => f.language === 'typescript' || f.language === 'tsx');
    expect(code.length).toBe(9);
    for (const file of code) {
      const { diagnostics = [] } = ts.transpileModule(file.content, {
        fileName: file.fileName,
        reportDiagnostics: true,
        compilerOptions: { jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.ES2022 },
      });
      expect(
        diagnostics.map((d) => `${file.path}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`),
      ).toEqual([]);
      expect(markersOutsideWords(file)).toEqual([]);
      // No raw line terminator inside a line: comments and literals were made one line or escaped.
      expect(file.content, file.path).not.toMatch(/[\r\u2028\u2029\u202E]/);
    }
    const byPath = (end: string) => code.find((f) => f.path.endsWith(end)) as TCodegenFile;
    // The literals hold the words exactly (the parser's value, not the source text).
    expect(stringLiterals(byPath('contract/src/hostile/hostile-note.routes.ts'))).toContain(
      `${BUSINESS_NAME}, a page at a time`,
    );
    expect(stringLiterals(byPath('hostile-note.test.ts'))).toContain(BUSINESS_NAME);
    const table = stringLiterals(byPath('hostile-note.table.ts'));
    expect(table).toEqual(expect.arrayContaining([HOSTILE_COLUMN, NEWLINE_COLUMN, "'it''s -- fine'::text"]));
  });

  it('JSON: the page texts parse and hold the words exactly', () => {
    const locale = files.find((f) => f.language === 'json');
    const texts = JSON.parse(locale?.content ?? '{}') as {
      hostileNote: { title: string; field: Record<string, string> };
    };
    expect(texts.hostileNote.title).toBe(BUSINESS_NAME);
    expect(Object.values(texts.hostileNote.field)).toEqual([FIELD_COMMENT, FIELD_COMMENT, FIELD_COMMENT]);
  });

  it('SQL: the migration, run as drizzle runs it in a fresh PostgreSQL, makes the table and nothing else', async () => {
    const migration = files.find((f) => f.language === 'sql');
    const statements = (migration?.content ?? '').split('--> statement-breakpoint');
    // The table, its comment and the two column comments: no breakpoint came from the words.
    expect(statements).toHaveLength(4);
    const pg = new PGlite();
    try {
      for (const statement of statements) await pg.exec(statement);
      const objects = await pg.query<{ relname: string; relkind: string }>(
        `select c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' order by c.relname`,
      );
      expect(objects.rows).toEqual([
        { relname: 'hostile_notes', relkind: 'r' },
        { relname: 'hostile_notes_id_seq', relkind: 'S' },
        { relname: 'hostile_notes_pkey', relkind: 'i' },
      ]);
      const routines = await pg.query(
        `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`,
      );
      expect(routines.rows).toEqual([]);
      const columns = await pg.query<{ name: string; comment: string | null; def: string | null }>(
        `select a.attname as name, col_description(a.attrelid, a.attnum) as comment,
           pg_get_expr(d.adbin, d.adrelid) as def
         from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where a.attrelid = 'hostile_notes'::regclass and a.attnum > 0 order by a.attnum`,
      );
      expect(columns.rows).toEqual([
        { name: 'id', comment: null, def: "nextval('hostile_notes_id_seq'::regclass)" },
        { name: HOSTILE_COLUMN, comment: COLUMN_COMMENT, def: null },
        { name: NEWLINE_COLUMN, comment: null, def: null },
        { name: 'body', comment: COLUMN_COMMENT, def: "'it''s -- fine'::text" },
      ]);
      const tableComment = await pg.query<{ comment: string }>(
        `select obj_description('hostile_notes'::regclass, 'pg_class') as comment`,
      );
      expect(tableComment.rows[0]?.comment).toBe(TABLE_COMMENT);
    } finally {
      await pg.close();
    }
    // A fresh PGlite starts from nothing: slow on a loaded machine.
  }, 240_000);

  it('refuses to copy a default that would cut the migration, naming the column', async () => {
    const db = ctx.database.db;
    await db.execute(
      sql.raw(`create table hostile_defaults (id serial primary key,
        note text default '--> statement-breakpoint' || 'DROP TABLE users')`),
    );
    await expect(generate(db, 'hostile_defaults')).rejects.toMatchObject({
      messageKey: 'codegen.unsafeColumn',
      params: { column: 'note' },
    });
  });
});
