import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  ErrorCode,
  type TCodegenConfig,
  type TCodegenConfigRequest,
  type TCodegenFile,
  type TCodegenOptions,
  type TCodegenTablePage,
  type TCodegenTablePageQuery,
} from '@linkstore/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import JSZip from 'jszip';
import { MENU_TYPE_CODES, menus } from '../../platform/auth/access.tables';
import { grantMenusToRole, insertMenu } from '../../platform/auth/access-writes';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError, type FieldProblem } from '../../platform/errors/app-error';
import { hasPermission, type SessionUser } from '../../platform/http/access';
import { formatDateTime } from '../../platform/http/date-time';
import { dicts } from '../dicts/dicts.table';
import {
  appliedMigrationCount,
  findTable,
  listColumns,
  migrationDateOf,
  pageTables,
  type CatalogueColumn,
  type CatalogueTable,
} from './codegen.catalogue';
import { defaultField, kebabCase, pascalCase, singular } from './codegen.defaults';
import { oneLine } from './codegen.encode';
import { buildModel } from './codegen.model';
import { codegenConfigs, type StoredCodegenConfig } from './codegen.table';
import {
  contractRoutes,
  contractSchema,
  drizzleTable,
  migration,
  repository,
  serverRoutes,
  serverTest,
  service,
} from './codegen.templates.server';
import { webApi, webLocale, webPage } from './codegen.templates.web';
import { stampNow } from '../../platform/db/stamp';

export async function getTablePage(
  db: AppDatabase,
  query: TCodegenTablePageQuery,
): Promise<TCodegenTablePage> {
  const { rows, total } = await pageTables(db, query);
  const names = rows.map((r) => r.tableName);
  const configured =
    names.length === 0
      ? []
      : await db
          .select({ tableName: codegenConfigs.tableName })
          .from(codegenConfigs)
          .where(inArray(codegenConfigs.tableName, names));
  const isConfigured = new Set(configured.map((c) => c.tableName));
  return {
    total,
    list: rows.map((row) => {
      const when = migrationDateOf(row.tableName);
      return {
        ...row,
        createTime: when === undefined ? null : formatDateTime(new Date(when)),
        isConfigured: isConfigured.has(row.tableName),
      };
    }),
  };
}

/** The table, or 404: a name the catalogue does not offer goes no further. */
async function tableOr404(db: AppDatabase, tableName: string): Promise<CatalogueTable> {
  const table = await findTable(db, tableName);
  if (!table) throw AppError.notFound();
  return table;
}

function defaultsFor(table: CatalogueTable, columns: CatalogueColumn[]): StoredCodegenConfig {
  const words = table.tableName.split('_').filter(Boolean);
  const entityWords = [...words.slice(0, -1), singular(words.at(-1) ?? 'record')];
  return {
    moduleName: (words[0] ?? 'app').replace(/[^a-z0-9]/g, '').replace(/^[0-9]+/, '') || 'app',
    entityName: pascalCase(entityWords.join('_')) || 'Record',
    businessName: (oneLine(table.tableComment) || table.tableName.replace(/_/g, ' ')).slice(0, 64).trim(),
    parentMenuId: null,
    fields: columns.map(defaultField),
  };
}

/**
 * The saved settings merged over the columns as they are now: a column added since keeps its
 * defaults, a column dropped since disappears, the catalogue's facts always win.
 */
function merge(
  table: CatalogueTable,
  columns: CatalogueColumn[],
  saved: StoredCodegenConfig | undefined,
): TCodegenConfig {
  const defaults = defaultsFor(table, columns);
  const base = saved ?? defaults;
  const savedFields = new Map((saved?.fields ?? []).map((f) => [f.columnName, f]));
  return {
    tableName: table.tableName,
    tableComment: table.tableComment,
    moduleName: base.moduleName,
    entityName: base.entityName,
    businessName: base.businessName,
    parentMenuId: base.parentMenuId,
    isConfigured: saved !== undefined,
    fields: defaults.fields.map((fresh) => {
      const chosen = savedFields.get(fresh.columnName);
      if (!chosen) return fresh;
      return {
        ...chosen,
        columnType: fresh.columnType,
        isPrimaryKey: fresh.isPrimaryKey,
        isNullable: fresh.isNullable,
        hasDefault: fresh.hasDefault,
        tsType: fresh.tsType,
      };
    }),
  };
}

async function savedConfig(db: AppDatabase, tableName: string): Promise<StoredCodegenConfig | undefined> {
  const [row] = await db.select().from(codegenConfigs).where(eq(codegenConfigs.tableName, tableName));
  return row?.config;
}

export async function getConfig(db: AppDatabase, tableName: string): Promise<TCodegenConfig> {
  const table = await tableOr404(db, tableName);
  const columns = await listColumns(db, tableName);
  return merge(table, columns, await savedConfig(db, tableName));
}

/**
 * Saves the operator's choices (validated against the columns and the dictionaries); with
 * `parentMenuId`, also creates the page's menu under that catalog with its four buttons.
 */
export async function saveConfig(
  db: AppDatabase,
  tableName: string,
  body: TCodegenConfigRequest & { parentMenuId: string | null },
  caller: SessionUser,
): Promise<TCodegenConfig> {
  // The generator does only what its operator could do by hand: creating the page's menu and
  // buttons needs the menu permission, granting them to ADMIN the role permission.
  if (body.parentMenuId !== null) {
    if (!hasPermission(caller, MENU_ADD_PERMISSION))
      throw AppError.of(ErrorCode.FORBIDDEN, 'codegen.menuAddNeeded');
    if (!hasPermission(caller, ROLE_ASSIGN_PERMISSION))
      throw AppError.of(ErrorCode.FORBIDDEN, 'codegen.roleAssignNeeded');
  }
  const table = await tableOr404(db, tableName);
  const columns = await listColumns(db, tableName);
  const defaults = defaultsFor(table, columns);
  const problems: FieldProblem[] = [];
  const chosen = new Map(body.fields.map((f) => [f.columnName, f]));
  const byColumn = new Map(columns.map((c) => [c.columnName, c]));
  body.fields.forEach((f, i) => {
    if (!byColumn.has(f.columnName))
      problems.push({ field: `fields.${i}.columnName`, key: 'codegen.unknownColumn' });
  });
  const names = new Set<string>();
  const fields = defaults.fields.map((fresh, i) => {
    const f = chosen.get(fresh.columnName);
    if (!f) return fresh;
    const merged = { ...fresh, ...f, tsType: fresh.tsType };
    if (names.has(merged.fieldName) || (merged.fieldName === 'id' && !fresh.isPrimaryKey)) {
      problems.push({
        field: `fields.${i}.fieldName`,
        key: 'error.duplicate',
        params: { field: merged.fieldName },
      });
    }
    names.add(merged.fieldName);
    const column = byColumn.get(fresh.columnName);
    if (
      column?.notNull &&
      column.defaultExpr === null &&
      !column.isIdentity &&
      !merged.isShowInForm &&
      !fresh.isPrimaryKey
    ) {
      problems.push({ field: `fields.${i}.isShowInForm`, key: 'codegen.columnNeeded' });
    }
    return merged;
  });
  const dictCodes = [...new Set(fields.map((f) => f.dictType).filter((d): d is string => Boolean(d)))];
  if (dictCodes.length > 0) {
    const found = await db
      .select({ code: dicts.dictCode })
      .from(dicts)
      .where(inArray(dicts.dictCode, dictCodes));
    const known = new Set(found.map((d) => d.code));
    fields.forEach((f, i) => {
      if (f.dictType && !known.has(f.dictType))
        problems.push({ field: `fields.${i}.dictType`, key: 'dict.unknown' });
    });
  }
  let parentMenuId: string | null = null;
  if (body.parentMenuId !== null) {
    const [parent] = await db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.id, Number(body.parentMenuId)), eq(menus.type, MENU_TYPE_CODES.CATALOG)));
    if (!parent) problems.push({ field: 'parentMenuId', key: 'codegen.parentNotCatalog' });
    parentMenuId = body.parentMenuId;
  }
  problems.push(...(await permissionProblems(db, body)));
  if (problems.length > 0) throw AppError.fields(problems);

  const config: StoredCodegenConfig = {
    moduleName: body.moduleName,
    entityName: body.entityName,
    businessName: body.businessName,
    parentMenuId,
    fields,
  };
  await withTransaction(db, async (tx) => {
    await tx
      .insert(codegenConfigs)
      .values({ tableName, config })
      .onConflictDoUpdate({ target: codegenConfigs.tableName, set: { config, updatedAt: stampNow() } });
    if (parentMenuId !== null) await createMenu(tx, Number(parentMenuId), merge(table, columns, config));
  });
  return merge(table, columns, config);
}

const MENU_ADD_PERMISSION = 'sys:menu:add';
const ROLE_ASSIGN_PERMISSION = 'sys:role:assign';
const BUTTON_ACTIONS = ['query', 'add', 'edit', 'delete'] as const;

/** What the generated page's menu is known by: its route name, component and button permissions. */
function pageOf(config: Pick<TCodegenConfig, 'moduleName' | 'entityName'>) {
  const kebab = kebabCase(config.entityName);
  const prefix = `${config.moduleName}:${kebab}`;
  return {
    routeName: config.entityName.slice(0, 64),
    routePath: kebab,
    component: `${config.moduleName}/${kebab}/index`,
    namespace: config.moduleName,
    perms: BUTTON_ACTIONS.map((action) => ({ action, perm: `${prefix}:${action}` })),
  };
}

/** The generator's own page for these settings, if it made one (same route name and component). */
async function findOwnPage(
  db: AppDatabase,
  page: ReturnType<typeof pageOf>,
): Promise<{ id: number; isOwn: boolean } | undefined> {
  const [row] = await db
    .select({ id: menus.id, component: menus.component, type: menus.type })
    .from(menus)
    .where(eq(menus.routeName, page.routeName));
  if (!row) return undefined;
  return { id: row.id, isOwn: row.type === MENU_TYPE_CODES.MENU && row.component === page.component };
}

/**
 * A generated module's permissions must be its own: inside its namespace (`<module>:`; the
 * built-in namespaces are refused by the contract), and new: no menu anywhere carries the
 * string already, except the buttons this generator made under its own page. Otherwise a button
 * could carry `sys:user:delete` and, granted to ADMIN, hand back a permission ROOT took away.
 */
async function permissionProblems(
  db: AppDatabase,
  body: Pick<TCodegenConfigRequest, 'moduleName' | 'entityName'> & { parentMenuId: string | null },
): Promise<FieldProblem[]> {
  const page = pageOf(body);
  const problems: FieldProblem[] = [];
  for (const { perm } of page.perms) {
    if (!perm.startsWith(`${page.namespace}:`) || perm.split(':').length !== 3) {
      problems.push({
        field: 'moduleName',
        key: 'codegen.permissionNamespace',
        params: { perm, namespace: page.namespace },
      });
    }
  }
  const own = await findOwnPage(db, page);
  if (own && !own.isOwn && body.parentMenuId !== null) {
    problems.push({
      field: 'entityName',
      key: 'codegen.routeNameTaken',
      params: { routeName: page.routeName },
    });
  }
  const holders = await db
    .select({ perm: menus.perm, parentId: menus.parentId, type: menus.type })
    .from(menus)
    .where(
      inArray(
        menus.perm,
        page.perms.map((p) => p.perm),
      ),
    );
  const taken = new Set(
    holders
      .filter((h) => !(own?.isOwn && h.parentId === own.id && h.type === MENU_TYPE_CODES.BUTTON))
      .map((h) => h.perm),
  );
  for (const { perm } of page.perms) {
    if (taken.has(perm))
      problems.push({ field: 'entityName', key: 'codegen.permissionExists', params: { perm } });
  }
  return problems;
}

/**
 * The generated page's menu (component `<module>/<entity-kebab>/index`) and its four buttons,
 * granted to ADMIN like the seed's menus. Saving again finds the page by route name and
 * component and adds only what is missing. The caller holds sys:menu:add and sys:role:assign,
 * and the permissions were checked to be new (permissionProblems) just before.
 */
async function createMenu(db: AppDatabase, parentId: number, config: TCodegenConfig): Promise<void> {
  const page = pageOf(config);
  const { routeName } = page;
  const inserted: number[] = [];
  const existing = await findOwnPage(db, page);
  if (existing && !existing.isOwn) {
    throw AppError.field('entityName', 'codegen.routeNameTaken', { routeName });
  }
  let pageId = existing?.id;
  if (pageId === undefined) {
    pageId = await insertMenu(db, {
      parentId,
      name: config.businessName,
      type: MENU_TYPE_CODES.MENU,
      routeName,
      routePath: page.routePath,
      component: page.component,
      icon: 'table',
      keepAlive: 1,
    });
    inserted.push(pageId);
  }
  const buttons = await db
    .select({ perm: menus.perm })
    .from(menus)
    .where(and(eq(menus.parentId, pageId), eq(menus.type, MENU_TYPE_CODES.BUTTON)))
    .orderBy(asc(menus.sort));
  const have = new Set(buttons.map((b) => b.perm));
  const names = { query: 'Search', add: 'Add', edit: 'Edit', delete: 'Delete' } as const;
  for (const [index, { action, perm }] of page.perms.entries()) {
    const name = names[action];
    if (have.has(perm)) continue;
    inserted.push(
      await insertMenu(db, { parentId: pageId, name, type: MENU_TYPE_CODES.BUTTON, perm, sort: index + 1 }),
    );
  }
  await grantMenusToRole(db, 'ADMIN', inserted);
}

export async function resetConfig(db: AppDatabase, tableName: string): Promise<void> {
  await tableOr404(db, tableName);
  await db.delete(codegenConfigs).where(eq(codegenConfigs.tableName, tableName));
}

/** Every generated file for the table, from its saved settings (or the defaults). */
export async function generate(db: AppDatabase, tableName: string): Promise<TCodegenFile[]> {
  const config = await getConfig(db, tableName);
  const columns = await listColumns(db, tableName);
  const model = buildModel(config, columns, await appliedMigrationCount(db));
  if ('problem' in model) throw AppError.of(ErrorCode.VALIDATION_FAILED, 'codegen.noPrimaryKey');
  return [
    contractSchema(model),
    contractRoutes(model),
    drizzleTable(model),
    migration(model),
    repository(model),
    service(model),
    serverRoutes(model),
    serverTest(model),
    webApi(model),
    webPage(model),
    webLocale(model),
  ];
}

export async function zipOf(files: TCodegenFile[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const f of files) zip.file(f.path, f.content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export async function getOptions(db: AppDatabase, canWrite: boolean): Promise<TCodegenOptions> {
  const rows = await db
    .select({ id: menus.id, name: menus.name, path: menus.routePath })
    .from(menus)
    .where(eq(menus.type, MENU_TYPE_CODES.CATALOG))
    .orderBy(asc(menus.sort), asc(menus.id));
  return { canWrite, catalogs: rows.map((r) => ({ id: String(r.id), name: r.name, path: r.path ?? '' })) };
}

/** The line that makes the generated contract visible through `@linkstore/contract`. */
function contractExports(files: TCodegenFile[]): string[] {
  return files
    .filter((f) => f.path.startsWith('packages/contract/src/'))
    .map((f) => `export * from './${f.path.slice('packages/contract/src/'.length).replace(/\.ts$/, '')}';`);
}

/**
 * Writes the files under `root` (the repository) and adds the contract's exports to its index.
 * Refuses a path that would leave `root`.
 */
export async function writeFiles(root: string, files: TCodegenFile[]): Promise<string[]> {
  const base = resolve(root);
  const targets = files.map((f) => ({ file: f, target: resolve(base, f.path) }));
  // All checked before anything is written: never outside the root, and never over a file that
  // holds something else (a table named like an existing module must not replace its code —
  // writing the same output again is fine).
  for (const { file, target } of targets) {
    if (!target.startsWith(`${base}/`)) throw AppError.forbidden();
    const existing = await readFile(target, 'utf8').catch(() => null);
    if (existing !== null && existing !== file.content) {
      throw AppError.of(ErrorCode.IN_USE, 'codegen.fileExists', { path: file.path });
    }
  }
  for (const { file, target } of targets) {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
  const indexPath = join(base, 'packages/contract/src/index.ts');
  const index = await readFile(indexPath, 'utf8');
  const missing = contractExports(files).filter((line) => !index.includes(line));
  if (missing.length > 0) await writeFile(indexPath, `${index.trimEnd()}\n${missing.join('\n')}\n`);
  return files.map((f) => f.path);
}
