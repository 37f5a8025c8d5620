import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as contract from '@linkstore/contract';
import {
  ErrorCode,
  ZCodegenConfig,
  ZCodegenOptions,
  ZCodegenPreview,
  ZCodegenTablePage,
  type TCodegenConfig,
  type TCodegenFile,
  type TRouteDef,
} from '@linkstore/contract';
import { and, eq, inArray, lte, max, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_TYPE_CODES, menus, roleMenus, roles } from '../../platform/auth/access.tables';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import { writeFiles } from './codegen.service';

let ctx: TestContext;
/** The last menu of the seed: what the tests add comes after. */
let lastSeededMenuId = 0;
const tokens: Record<string, string> = {};
const { call, ok, expectForbidden } = apiCalls(() => ctx.app, tokens, '/codegen');

/** The scratch table the tests generate for: a comment, and a few column types. */
const SCRATCH = [
  sql`create table scratch_notes (
    id bigserial primary key,
    title varchar(80) not null,
    body text,
    rating integer not null default 3,
    is_pinned boolean not null default false,
    due_on date,
    payload jsonb,
    created_at timestamp with time zone not null default now()
  )`,
  sql`comment on table scratch_notes is 'Notes kept for the generator tests'`,
  sql`comment on column scratch_notes.title is 'Title of the note'`,
  sql`create table scratch_events (at date not null) partition by range (at)`,
  sql`create table scratch_events_2026 partition of scratch_events for values from ('2026-01-01') to ('2027-01-01')`,
];

async function fieldsRequest(config: TCodegenConfig) {
  return config.fields.map(
    ({
      columnName,
      fieldName,
      fieldComment,
      isShowInList,
      isShowInForm,
      isShowInQuery,
      isRequired,
      maxLength,
      formType,
      queryType,
      dictType,
    }) => ({
      columnName,
      fieldName,
      fieldComment,
      isShowInList,
      isShowInForm,
      isShowInQuery,
      isRequired,
      maxLength,
      formType,
      queryType,
      dictType,
    }),
  );
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  for (const statement of SCRATCH) await ctx.database.db.execute(statement);
  const [seeded] = await ctx.database.db.select({ last: max(menus.id) }).from(menus);
  lastSeededMenuId = seeded?.last ?? 0;
  tokens.editor = await operatorWith(ctx, 'codegen-editor', ['dev:codegen:query', 'dev:codegen:edit']);
  // Creating a page's menu needs what doing it by hand needs: the menu and the role permissions.
  tokens.builder = await operatorWith(ctx, 'codegen-builder', [
    'dev:codegen:query',
    'dev:codegen:edit',
    'sys:menu:add',
    'sys:role:assign',
  ]);
  tokens.menuOnly = await operatorWith(ctx, 'codegen-menu-only', [
    'dev:codegen:query',
    'dev:codegen:edit',
    'sys:menu:add',
  ]);
  tokens.assignOnly = await operatorWith(ctx, 'codegen-assign-only', [
    'dev:codegen:query',
    'dev:codegen:edit',
    'sys:role:assign',
  ]);
  tokens.reader = await operatorWith(ctx, 'codegen-reader', ['dev:codegen:query']);
  tokens.nobody = await operatorWith(ctx, 'codegen-nobody', []);
  tokens.root = await accessTokenFor(ctx.app, 'root');
});
afterAll(() => ctx.close());

describe('code generator: tables', () => {
  it('lists the tables of schema public from the catalogue, with comments, migration dates and paging', async () => {
    const all = ZCodegenTablePage.parse(await ok('reader', 'GET', '/table/page?pageSize=100'));
    const names = all.list.map((t) => t.tableName);
    expect(names).toContain('configs');
    expect(names).toContain('scratch_notes');
    expect(names).not.toContain('codegen_configs');
    expect(names).not.toContain('__drizzle_migrations');
    expect(names).toEqual([...names].sort());
    // A partition is left out; its partitioned parent stays.
    expect(names).toContain('scratch_events');
    expect(names).not.toContain('scratch_events_2026');
    const configs = all.list.find((t) => t.tableName === 'configs');
    expect(configs?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const scratch = all.list.find((t) => t.tableName === 'scratch_notes');
    expect(scratch).toEqual({
      tableName: 'scratch_notes',
      tableComment: 'Notes kept for the generator tests',
      createTime: null,
      isConfigured: false,
    });

    const found = ZCodegenTablePage.parse(
      await ok('reader', 'GET', '/table/page?keywords=generator%20tests'),
    );
    expect(found).toEqual({ total: 1, list: [scratch] });
    const second = ZCodegenTablePage.parse(await ok('reader', 'GET', '/table/page?pageNum=2&pageSize=3'));
    expect(second.total).toBe(all.total);
    expect(second.list.map((t) => t.tableName)).toEqual(names.slice(3, 6));
  });

  it('answers 404 for a table the catalogue does not offer, 400 for a name that is not one', async () => {
    for (const name of ['no_such_table', 'codegen_configs']) {
      const res = await call('reader', 'GET', `/${name}/config`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ErrorCode.NOT_FOUND);
    }
    const injected = await call(
      'reader',
      'GET',
      `/${encodeURIComponent("configs'; drop table configs; --")}/config`,
    );
    expect(injected.statusCode).toBe(400);
    expect(injected.json().code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});

describe('code generator: settings', () => {
  it('derives defaults from the columns when nothing is saved', async () => {
    const config = ZCodegenConfig.parse(await ok('reader', 'GET', '/scratch_notes/config'));
    expect(config).toMatchObject({
      tableName: 'scratch_notes',
      tableComment: 'Notes kept for the generator tests',
      moduleName: 'scratch',
      entityName: 'ScratchNote',
      businessName: 'Notes kept for the generator tests',
      parentMenuId: null,
      isConfigured: false,
    });
    const byColumn = Object.fromEntries(config.fields.map((f) => [f.columnName, f]));
    expect(Object.keys(byColumn)).toEqual([
      'id',
      'title',
      'body',
      'rating',
      'is_pinned',
      'due_on',
      'payload',
      'created_at',
    ]);
    expect(byColumn.id).toMatchObject({
      isPrimaryKey: true,
      tsType: 'number',
      formType: 'hidden',
      isShowInForm: false,
    });
    expect(byColumn.title).toMatchObject({
      columnType: 'character varying(80)',
      fieldName: 'title',
      fieldComment: 'Title of the note',
      tsType: 'string',
      formType: 'input',
      queryType: 'like',
      isRequired: true,
      maxLength: 80,
      isShowInForm: true,
    });
    expect(byColumn.body).toMatchObject({
      formType: 'textarea',
      isNullable: true,
      isRequired: false,
      isShowInList: false,
    });
    expect(byColumn.rating).toMatchObject({
      tsType: 'number',
      formType: 'number',
      queryType: '=',
      isRequired: false,
      hasDefault: true,
    });
    expect(byColumn.is_pinned).toMatchObject({
      fieldName: 'isPinned',
      tsType: 'boolean',
      formType: 'switch',
    });
    expect(byColumn.due_on).toMatchObject({ formType: 'date', queryType: 'between' });
    expect(byColumn.payload).toMatchObject({ isShowInForm: false, isShowInList: false });
    expect(byColumn.created_at).toMatchObject({
      fieldName: 'createdAt',
      formType: 'hidden',
      isShowInForm: false,
    });
  });

  it('refuses bad names, an unknown dictionary and a needed column left out, saving nothing', async () => {
    const config = ZCodegenConfig.parse(await ok('editor', 'GET', '/scratch_notes/config'));
    const fields = await fieldsRequest(config);
    const badNames = await call('editor', 'POST', '/scratch_notes/config', {
      moduleName: 'Bad Module',
      entityName: 'lower',
      businessName: 'Notes',
      fields,
    });
    expect(badNames.statusCode).toBe(400);
    expect(
      badNames
        .json()
        .data.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['entityName', 'moduleName']);

    const withDict = fields.map((f) =>
      f.columnName === 'rating' ? { ...f, formType: 'select', dictType: 'no_such_dict' } : f,
    );
    const badDict = await call(
      'editor',
      'POST',
      '/scratch_notes/config',
      { moduleName: 'scratch', entityName: 'ScratchNote', businessName: 'Notes', fields: withDict },
      'es',
    );
    expect(badDict.statusCode).toBe(400);
    expect(badDict.json().data.fields).toEqual([
      { field: 'fields.3.dictType', message: 'No hay ningún diccionario con este código.' },
    ]);

    const titleHidden = fields.map((f) => (f.columnName === 'title' ? { ...f, isShowInForm: false } : f));
    const needed = await call('editor', 'POST', '/scratch_notes/config', {
      moduleName: 'scratch',
      entityName: 'ScratchNote',
      businessName: 'Notes',
      fields: titleHidden,
    });
    expect(needed.statusCode).toBe(400);
    expect(needed.json().data.fields[0].field).toBe('fields.1.isShowInForm');

    const notCatalog = await call('builder', 'POST', '/scratch_notes/config', {
      moduleName: 'scratch',
      entityName: 'ScratchNote',
      businessName: 'Notes',
      fields,
      parentMenuId: '999999',
    });
    expect(notCatalog.statusCode).toBe(400);
    expect(notCatalog.json().data.fields[0].field).toBe('parentMenuId');

    expect(ZCodegenConfig.parse(await ok('editor', 'GET', '/scratch_notes/config')).isConfigured).toBe(false);
  });

  it('refuses control characters in the business name and the field comments, in the caller’s language', async () => {
    const config = ZCodegenConfig.parse(await ok('editor', 'GET', '/scratch_notes/config'));
    const fields = await fieldsRequest(config);
    const base = { moduleName: 'scratch', entityName: 'ScratchNote', fields };
    // A line feed, a carriage return, a Unicode line separator, a tab, a right-to-left override.
    for (const hostile of ['Notes\nDROP TABLE users;', 'Notes\r', 'Notes\u2028x', 'a\tb', 'abc\u202Edef']) {
      const named = await call(
        'editor',
        'POST',
        '/scratch_notes/config',
        { ...base, businessName: hostile },
        'fr',
      );
      expect(named.statusCode, hostile).toBe(400);
      expect(named.json().data.fields).toEqual([
        {
          field: 'businessName',
          message:
            'businessName ne doit pas contenir de caractères de contrôle (sauts de ligne, tabulations ou marques de direction invisibles)',
        },
      ]);
      const commented = await call('editor', 'POST', '/scratch_notes/config', {
        ...base,
        businessName: 'Notes',
        fields: fields.map((f) =>
          f.columnName === 'title' ? { ...f, fieldComment: `Title ${hostile}` } : f,
        ),
      });
      expect(commented.statusCode, hostile).toBe(400);
      expect(commented.json().data.fields.map((f: { field: string }) => f.field)).toEqual([
        'fields.1.fieldComment',
      ]);
    }
    expect(ZCodegenConfig.parse(await ok('editor', 'GET', '/scratch_notes/config')).isConfigured).toBe(false);
  });

  it('saves the choices, reads them back, and resets to the defaults', async () => {
    const config = ZCodegenConfig.parse(await ok('editor', 'GET', '/scratch_notes/config'));
    const fields = (await fieldsRequest(config)).map((f) =>
      f.columnName === 'rating'
        ? { ...f, formType: 'select' as const, dictType: 'gender', isShowInQuery: true }
        : f,
    );
    const saved = ZCodegenConfig.parse(
      await ok('editor', 'POST', '/scratch_notes/config', {
        moduleName: 'notes',
        entityName: 'Memo',
        businessName: 'Memos',
        fields,
      }),
    );
    expect(saved).toMatchObject({
      moduleName: 'notes',
      entityName: 'Memo',
      businessName: 'Memos',
      isConfigured: true,
    });
    expect(saved.fields[3]).toMatchObject({
      columnName: 'rating',
      formType: 'select',
      dictType: 'gender',
      isShowInQuery: true,
    });
    expect(ZCodegenConfig.parse(await ok('reader', 'GET', '/scratch_notes/config'))).toEqual(saved);
    const listed = ZCodegenTablePage.parse(await ok('reader', 'GET', '/table/page?keywords=scratch_notes'));
    expect(listed.list[0]?.isConfigured).toBe(true);

    await ok('editor', 'DELETE', '/scratch_notes/config');
    const reset = ZCodegenConfig.parse(await ok('reader', 'GET', '/scratch_notes/config'));
    expect(reset).toMatchObject({ moduleName: 'scratch', entityName: 'ScratchNote', isConfigured: false });
  });

  it('creates the menu under a catalog with its four buttons, granted to ADMIN, once', async () => {
    const options = ZCodegenOptions.parse(await ok('reader', 'GET', '/options'));
    expect(options.canWrite).toBe(false);
    const devTools = options.catalogs.find((c) => c.path === '/dev');
    expect(devTools).toBeDefined();
    const config = ZCodegenConfig.parse(await ok('editor', 'GET', '/scratch_notes/config'));
    const body = {
      moduleName: 'scratch',
      entityName: 'ScratchNote',
      businessName: 'Scratch notes',
      fields: await fieldsRequest(config),
      parentMenuId: devTools?.id,
    };
    await ok('builder', 'POST', '/scratch_notes/config', body);
    await ok('builder', 'POST', '/scratch_notes/config', body);
    const db = ctx.database.db;
    const pages = await db.select().from(menus).where(eq(menus.routeName, 'ScratchNote'));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({
      parentId: Number(devTools?.id),
      name: 'Scratch notes',
      type: MENU_TYPE_CODES.MENU,
      component: 'scratch/scratch-note/index',
      routePath: 'scratch-note',
    });
    const buttons = await db
      .select({ perm: menus.perm, id: menus.id })
      .from(menus)
      .where(and(eq(menus.parentId, pages[0]?.id ?? 0), eq(menus.type, MENU_TYPE_CODES.BUTTON)));
    expect(buttons.map((b) => b.perm).sort()).toEqual([
      'scratch:scratch-note:add',
      'scratch:scratch-note:delete',
      'scratch:scratch-note:edit',
      'scratch:scratch-note:query',
    ]);
    const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'ADMIN'));
    const granted = await db
      .select()
      .from(roleMenus)
      .where(eq(roleMenus.roleId, admin?.id ?? 0));
    const grantedIds = new Set(granted.map((g) => g.menuId));
    expect([pages[0]?.id, ...buttons.map((b) => b.id)].every((id) => grantedIds.has(id ?? 0))).toBe(true);
    await ok('editor', 'DELETE', '/scratch_notes/config');
  });
});

describe('code generator: files', () => {
  let files: TCodegenFile[] = [];

  it('previews every file of this stack, with the declared permissions', async () => {
    files = ZCodegenPreview.parse(await ok('reader', 'GET', '/scratch_notes/preview'));
    expect(files.map((f) => f.path)).toEqual([
      'packages/contract/src/scratch/scratch-note.schema.ts',
      'packages/contract/src/scratch/scratch-note.routes.ts',
      'apps/server/src/modules/scratch/scratch-note.table.ts',
      expect.stringMatching(/^apps\/server\/drizzle\/\d{4}_scratch_notes\.sql$/),
      'apps/server/src/modules/scratch/scratch-note.repository.ts',
      'apps/server/src/modules/scratch/scratch-note.service.ts',
      'apps/server/src/modules/scratch/scratch-note.routes.ts',
      'apps/server/src/modules/scratch/scratch-note.test.ts',
      'apps/web/src/console/scratch/scratch-note-api.ts',
      'apps/web/src/console/scratch/scratch-note-page.tsx',
      'apps/web/src/console/scratch/scratch-note.locale.en.json',
    ]);
    const byName = Object.fromEntries(files.map((f) => [f.fileName, f]));
    expect(files[1]?.content).toContain("access: { permission: 'scratch:scratch-note:add' },");
    for (const action of ['query', 'edit', 'delete']) {
      expect(files[1]?.content).toContain(`'scratch:scratch-note:${action}'`);
    }
    expect(files[3]?.language).toBe('sql');
    expect(files[3]?.content).toContain('CREATE TABLE IF NOT EXISTS "scratch_notes"');
    expect(files[3]?.content).toContain(`COMMENT ON COLUMN "scratch_notes"."title" IS 'Title of the note';`);
    expect(byName['scratch-note.table.ts']?.content).toContain(
      "title: varchar('title', { length: 80 }).notNull()",
    );
    // jsonb is not carried through: left out of the Drizzle table, kept in the migration.
    expect(byName['scratch-note.table.ts']?.content).not.toContain('payload:');
    expect(byName['scratch-note-page.tsx']?.language).toBe('tsx');
    expect(byName['scratch-note-page.tsx']?.content).toContain('<CrudPage');
    expect(JSON.parse(byName['scratch-note.locale.en.json']?.content ?? '{}')).toMatchObject({
      scratchNote: { title: 'Notes kept for the generator tests', field: { title: 'Title of the note' } },
    });
  });

  it('downloads the same files as a zip', async () => {
    const res = await call('reader', 'GET', '/scratch_notes/download');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="scratch_notes.zip"');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const entries = Object.values(zip.files)
      .filter((f) => !f.dir)
      .map((f) => f.name);
    expect(entries.sort()).toEqual(files.map((f) => f.path).sort());
    expect(await zip.file(files[0]?.path ?? '')?.async('string')).toBe(files[0]?.content);
  });

  it('refuses to write into the working tree outside development, in the caller’s language', async () => {
    const res = await call('editor', 'POST', '/scratch_notes/write', undefined, 'fr');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      msg: "Les fichiers générés ne peuvent être écrits dans l'arbre de travail que par un serveur en mode développement.",
    });
  });

  it('writes the files under a root and exports the contract from its index, never outside the root', async () => {
    const root = await mkdtemp(join(tmpdir(), 'codegen-write-'));
    try {
      await mkdir(join(root, 'packages/contract/src'), { recursive: true });
      await writeFile(join(root, 'packages/contract/src/index.ts'), "export * from './platform/page';\n");
      const written = await writeFiles(root, files);
      expect(written).toEqual(files.map((f) => f.path));
      await writeFiles(root, files);
      expect(await readFile(join(root, files[5]?.path ?? ''), 'utf8')).toBe(files[5]?.content);
      expect(await readFile(join(root, 'packages/contract/src/index.ts'), 'utf8')).toBe(
        "export * from './platform/page';\nexport * from './scratch/scratch-note.schema';\nexport * from './scratch/scratch-note.routes';\n",
      );
      await expect(
        writeFiles(root, [
          { path: '../escape.ts', fileName: 'escape.ts', language: 'typescript', content: '' },
        ]),
      ).rejects.toThrow();

      // A file that holds something else (an existing module's code) is never replaced, and
      // then nothing is written at all.
      const [first, second] = files as [TCodegenFile, TCodegenFile];
      await writeFile(join(root, first.path), '// hand-written\n');
      await rm(join(root, second.path));
      await expect(writeFiles(root, files)).rejects.toMatchObject({
        code: ErrorCode.IN_USE,
        messageKey: 'codegen.fileExists',
      });
      expect(await readFile(join(root, first.path), 'utf8')).toBe('// hand-written\n');
      await expect(readFile(join(root, second.path), 'utf8')).rejects.toThrow();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('code generator: permissions', () => {
  async function scratchBody(overrides: Record<string, unknown>) {
    const config = ZCodegenConfig.parse(await ok('editor', 'GET', '/scratch_notes/config'));
    return {
      moduleName: 'scratchy',
      entityName: 'ScratchyNote',
      businessName: 'Scratchy notes',
      fields: await fieldsRequest(config),
      ...overrides,
    };
  }
  async function catalogId(): Promise<string> {
    const options = ZCodegenOptions.parse(await ok('reader', 'GET', '/options'));
    const id = options.catalogs.find((c) => c.path === '/dev')?.id;
    if (!id) throw new Error('no /dev catalog');
    return id;
  }
  /** Every menu and every grant, to show a refusal changed nothing. */
  async function menusAndGrants() {
    const db = ctx.database.db;
    const all = await db.select().from(menus).orderBy(menus.id);
    const grants = await db.select().from(roleMenus).orderBy(roleMenus.roleId, roleMenus.menuId);
    return { all, grants };
  }

  it('creating a menu needs sys:menu:add and granting it sys:role:assign, as by hand: 403, nothing made', async () => {
    const body = await scratchBody({ parentMenuId: await catalogId() });
    const before = await menusAndGrants();
    for (const [who, message, lang] of [
      ['editor', "Creating the page's menu needs the permission sys:menu:add.", 'en'],
      ['assignOnly', 'Crear el menú de la página requiere el permiso sys:menu:add.', 'es'],
      [
        'menuOnly',
        "Creating the page's menu grants it to ADMIN, which needs the permission sys:role:assign.",
        'en',
      ],
    ] as const) {
      const res = await call(who, 'POST', '/scratch_notes/config', body, lang);
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toMatchObject({ code: ErrorCode.FORBIDDEN, msg: message });
    }
    expect(await menusAndGrants()).toEqual(before);
    expect(ZCodegenConfig.parse(await ok('editor', 'GET', '/scratch_notes/config')).isConfigured).toBe(false);
    // Without a parent menu nothing is created, so the codegen permissions are enough.
    await ok('editor', 'POST', '/scratch_notes/config', await scratchBody({}));
    expect(await menusAndGrants()).toEqual(before);
    await ok('editor', 'DELETE', '/scratch_notes/config');
  });

  it('never hands out an existing permission: a taken-away sys:user:delete stays taken away', async () => {
    const db = ctx.database.db;
    // ROOT took sys:user:delete away from ADMIN.
    const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'ADMIN'));
    const userDelete = await db.select({ id: menus.id }).from(menus).where(eq(menus.perm, 'sys:user:delete'));
    expect(userDelete.length).toBeGreaterThan(0);
    await db.delete(roleMenus).where(
      and(
        eq(roleMenus.roleId, admin?.id ?? 0),
        inArray(
          roleMenus.menuId,
          userDelete.map((m) => m.id),
        ),
      ),
    );
    const parentMenuId = await catalogId();
    const before = await menusAndGrants();

    // The built-in namespaces are refused by the contract, on the module name.
    const builtIn = await call(
      'builder',
      'POST',
      '/scratch_notes/config',
      await scratchBody({ moduleName: 'sys', entityName: 'User', parentMenuId }),
    );
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.json().data.fields).toEqual([
      {
        field: 'moduleName',
        message:
          'moduleName is the permission namespace of a built-in module (sys, system, dev, catalog, demo, linkstore): choose another module name',
      },
    ]);

    // Any other permission string some menu already carries is refused on the entity name.
    await operatorWith(ctx, 'shop-thing-holder', ['shelf:thing:delete']);
    const beforeTaken = await menusAndGrants();
    const taken = await call(
      'builder',
      'POST',
      '/scratch_notes/config',
      await scratchBody({ moduleName: 'shelf', entityName: 'Thing', parentMenuId }),
      'pt',
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().data.fields).toEqual([
      {
        field: 'entityName',
        message:
          'A permissão shelf:thing:delete já existe: um módulo gerado recebe apenas permissões novas (escolha outro nome de módulo ou de entidade).',
      },
    ]);
    // Also without a menu: the generated routes would be guarded by someone else's permission.
    const takenNoMenu = await call(
      'builder',
      'POST',
      '/scratch_notes/config',
      await scratchBody({ moduleName: 'shelf', entityName: 'Thing' }),
    );
    expect(takenNoMenu.statusCode).toBe(400);
    expect(await menusAndGrants()).toEqual(beforeTaken);

    // An entity named like a built-in page does not hang its buttons under that page.
    const usersPage = await call(
      'builder',
      'POST',
      '/scratch_notes/config',
      await scratchBody({ moduleName: 'people', entityName: 'User', parentMenuId }),
    );
    expect(usersPage.statusCode).toBe(400);
    expect(usersPage.json().data.fields).toEqual([
      {
        field: 'entityName',
        message: 'Another page already uses the route name User: choose another entity name.',
      },
    ]);
    expect(await menusAndGrants()).toEqual(beforeTaken);
    expect(before.all.length + 1).toBe(beforeTaken.all.length);

    const adminPerms = await db
      .select({ perm: menus.perm })
      .from(roleMenus)
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(eq(roleMenus.roleId, admin?.id ?? 0));
    expect(adminPerms.map((p) => p.perm)).not.toContain('sys:user:delete');
    expect(ZCodegenConfig.parse(await ok('editor', 'GET', '/scratch_notes/config')).isConfigured).toBe(false);
  });

  it('the reserved module names cover every namespace of the contract and of the seeded menus', async () => {
    const declared = (Object.values(contract) as unknown[])
      .filter((group): group is object => typeof group === 'object' && group !== null)
      .flatMap((group) => Object.values(group) as unknown[])
      .filter(
        (value): value is TRouteDef =>
          typeof value === 'object' && value !== null && 'method' in value && 'access' in value,
      )
      .flatMap((def) => {
        if ('public' in def.access || def.access.permission === null) return [];
        const { permission } = def.access;
        return typeof permission === 'string' ? [permission] : [...permission];
      });
    expect(declared.length).toBeGreaterThan(80);
    const seeded = await ctx.database.db
      .select({ perm: menus.perm })
      .from(menus)
      .where(lte(menus.id, lastSeededMenuId));
    const namespaces = new Set(
      [...declared, ...seeded.map((s) => s.perm ?? '')].filter(Boolean).map((p) => p.split(':')[0]),
    );
    const reserved: readonly string[] = contract.CODEGEN_RESERVED_MODULE_NAMES;
    expect([...namespaces].filter((n) => !reserved.includes(n ?? ''))).toEqual([]);
  });

  it('reading needs dev:codegen:query, changing needs dev:codegen:edit', async () => {
    const body = { moduleName: 'scratch', entityName: 'ScratchNote', businessName: 'Notes', fields: [] };
    await expectForbidden('reader', [
      ['POST', '/scratch_notes/config', body],
      ['DELETE', '/scratch_notes/config'],
      ['POST', '/scratch_notes/write'],
    ]);
    await expectForbidden('nobody', [
      ['GET', '/table/page'],
      ['GET', '/options'],
      ['GET', '/scratch_notes/config'],
      ['GET', '/scratch_notes/preview'],
      ['GET', '/scratch_notes/download'],
    ]);
    const visitor = await call(null, 'GET', '/table/page');
    expect(visitor.statusCode).toBe(401);
    await ok('root', 'GET', '/scratch_notes/preview');
  });
});
