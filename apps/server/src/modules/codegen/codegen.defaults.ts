import type { TCodegenField, TFormType, TQueryType, TTsType } from '@linkstore/contract';
import type { CatalogueColumn } from './codegen.catalogue';
import { oneLine } from './codegen.encode';

/** `scratch_notes` → `scratchNotes`. */
export function camelCase(name: string): string {
  const parts = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return parts
    .map((part, i) => (i === 0 ? part.toLowerCase() : part[0]?.toUpperCase() + part.slice(1).toLowerCase()))
    .join('');
}

/** `scratch_notes` → `ScratchNotes`. */
export function pascalCase(name: string): string {
  const camel = camelCase(name);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

/** `ScratchNote` → `scratch-note`. */
export function kebabCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** A naive English singular for the entity name: `notes` → `note`, `categories` → `category`. */
export function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us)$/.test(word)) return word;
  if (/(x|ch|sh|ses)es$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The column SQL types the generator can carry through every layer. */
export type ColumnKind =
  | 'smallint'
  | 'integer'
  | 'bigint'
  | 'numeric'
  | 'real'
  | 'double'
  | 'boolean'
  | 'text'
  | 'varchar'
  | 'char'
  | 'uuid'
  | 'date'
  | 'timestamp'
  | 'timestamptz';

/** The kind of a `format_type` answer; undefined for types the generator leaves out (json, arrays, …). */
export function columnKind(columnType: string): ColumnKind | undefined {
  const type = columnType.toLowerCase();
  if (type.endsWith('[]')) return undefined;
  if (type === 'smallint') return 'smallint';
  if (type === 'integer') return 'integer';
  if (type === 'bigint') return 'bigint';
  if (type.startsWith('numeric')) return 'numeric';
  if (type === 'real') return 'real';
  if (type === 'double precision') return 'double';
  if (type === 'boolean') return 'boolean';
  if (type === 'text') return 'text';
  if (type.startsWith('character varying')) return 'varchar';
  if (type.startsWith('character')) return 'char';
  if (type === 'uuid') return 'uuid';
  if (type === 'date') return 'date';
  if (type.startsWith('timestamp') && type.endsWith('with time zone')) return 'timestamptz';
  if (type.startsWith('timestamp')) return 'timestamp';
  return undefined;
}

/** The TypeScript type of a column's values as Drizzle reads them (numeric stays a string). */
export function tsTypeOf(columnType: string): TTsType {
  switch (columnKind(columnType)) {
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'real':
    case 'double':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'string';
  }
}

const AUDIT_COLUMNS = new Set(['created_at', 'updated_at', 'create_time', 'update_time']);

function formTypeOf(column: CatalogueColumn): TFormType {
  const kind = columnKind(column.columnType);
  if (kind === 'boolean') return 'switch';
  if (kind === 'date') return 'date';
  if (kind === 'timestamp' || kind === 'timestamptz') return 'datetime';
  if (tsTypeOf(column.columnType) === 'number') return 'number';
  if (kind === 'text') return 'textarea';
  return 'input';
}

function queryTypeOf(column: CatalogueColumn): TQueryType {
  const kind = columnKind(column.columnType);
  if (kind === 'varchar' || kind === 'text' || kind === 'char') return 'like';
  if (kind === 'date' || kind === 'timestamp' || kind === 'timestamptz') return 'between';
  return '=';
}

/** The settings a column gets before an operator changes any. */
export function defaultField(column: CatalogueColumn): TCodegenField {
  const supported = columnKind(column.columnType) !== undefined;
  const isAudit = AUDIT_COLUMNS.has(column.columnName);
  const generated = column.isPrimaryKey || isAudit;
  const formType = formTypeOf(column);
  return {
    columnName: column.columnName,
    columnType: column.columnType,
    isPrimaryKey: column.isPrimaryKey,
    isNullable: !column.notNull,
    hasDefault: column.defaultExpr !== null || column.isIdentity,
    fieldName: camelCase(column.columnName) || 'field',
    tsType: tsTypeOf(column.columnType),
    fieldComment: (oneLine(column.comment) || oneLine(column.columnName.replace(/_/g, ' '))).slice(0, 255),
    isShowInList: supported && !column.isPrimaryKey && formType !== 'textarea',
    isShowInForm: supported && !generated,
    isShowInQuery: false,
    isRequired: supported && !generated && column.notNull && column.defaultExpr === null,
    maxLength: column.maxLength,
    formType: generated ? 'hidden' : formType,
    queryType: queryTypeOf(column),
    dictType: null,
  };
}
