import type { TCodegenConfig, TCodegenField, TQueryType } from '@linkstore/contract';
import type { CatalogueColumn } from './codegen.catalogue';
import { camelCase, columnKind, kebabCase, type ColumnKind } from './codegen.defaults';

/** One column as the templates use it: the operator's settings and what the catalogue says. */
export interface ModelField extends TCodegenField {
  kind: ColumnKind;
  /** The default expression, unless it is a sequence (then `isSerial`). */
  defaultExpr: string | null;
  isSerial: boolean;
  isIdentity: boolean;
  /** The query type, narrowed to what the column's type supports (no LIKE on numbers). */
  effectiveQueryType: TQueryType;
  /** Must be sent on create: required by the operator, or NOT NULL with no default. */
  mustSend: boolean;
}

/** Everything the templates need, names derived once. */
export interface GenModel {
  tableName: string;
  tableComment: string;
  moduleName: string;
  businessName: string;
  /** `ScratchNote` */
  entity: string;
  /** `scratchNote` */
  camel: string;
  /** `scratch-note` */
  kebab: string;
  /** The Drizzle table's variable: `scratchNotes`. */
  tableVar: string;
  /** `scratch:scratch-note` → `scratch:scratch-note:query`, …:add, …:edit, …:delete. */
  permPrefix: string;
  /** The API path: `/api/v1/scratch/scratch-note`. */
  apiPath: string;
  /** `0027_scratch_notes` */
  migrationTag: string;
  pk: ModelField;
  /** The supported columns other than the key, in table order. */
  fields: ModelField[];
  /** Every column, for the migration (including those the code leaves out). */
  columns: CatalogueColumn[];
  /** Columns of types the generated code does not carry (json, arrays, …). */
  skipped: string[];
}

const STRING_QUERY_TYPES: readonly TQueryType[] = ['like', 'like_left', 'like_right'];

export function buildModel(
  config: TCodegenConfig,
  columns: CatalogueColumn[],
  migrationNumber: number,
): GenModel | { problem: 'noPrimaryKey' } {
  const byName = new Map(columns.map((c) => [c.columnName, c]));
  const fields: ModelField[] = [];
  const skipped: string[] = [];
  let pk: ModelField | undefined;
  const primaryKeys = columns.filter((c) => c.isPrimaryKey);
  for (const field of config.fields) {
    const column = byName.get(field.columnName);
    const kind = columnKind(field.columnType);
    if (!column || !kind) {
      skipped.push(field.columnName);
      continue;
    }
    const isSerial = column.defaultExpr?.startsWith('nextval(') ?? false;
    const queryType = field.queryType;
    const effectiveQueryType: TQueryType =
      (field.tsType !== 'string' && STRING_QUERY_TYPES.includes(queryType)) ||
      (field.tsType === 'boolean' && queryType !== '=' && queryType !== '!=')
        ? '='
        : queryType;
    const model: ModelField = {
      ...field,
      kind,
      defaultExpr: isSerial ? null : column.defaultExpr,
      isSerial,
      isIdentity: column.isIdentity,
      effectiveQueryType,
      mustSend: field.isRequired || (column.notNull && column.defaultExpr === null && !column.isIdentity),
    };
    if (column.isPrimaryKey && primaryKeys.length === 1) pk = model;
    else fields.push(model);
  }
  if (!pk) return { problem: 'noPrimaryKey' };
  const camel = config.entityName.charAt(0).toLowerCase() + config.entityName.slice(1);
  const kebab = kebabCase(config.entityName);
  return {
    tableName: config.tableName,
    tableComment: config.tableComment,
    moduleName: config.moduleName,
    businessName: config.businessName,
    entity: config.entityName,
    camel,
    kebab,
    tableVar: camelCase(config.tableName),
    permPrefix: `${config.moduleName}:${kebab}`,
    apiPath: `/api/v1/${config.moduleName}/${kebab}`,
    migrationTag: `${String(migrationNumber).padStart(4, '0')}_${config.tableName}`,
    pk,
    fields,
    columns,
    skipped,
  };
}

/** The form's fields: shown in the form (hidden ones travel too). */
export const formFields = (m: GenModel) => m.fields.filter((f) => f.isShowInForm);
export const listFields = (m: GenModel) => m.fields.filter((f) => f.isShowInList);
export const queryFields = (m: GenModel) => m.fields.filter((f) => f.isShowInQuery);
export const isNumericKey = (m: GenModel) => m.pk.tsType === 'number';
