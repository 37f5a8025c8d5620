import { z } from 'zod';
import { ZDictCode } from '../dicts/dicts.schema';
import { ZPage, ZPageQuery } from '../platform/page';

/**
 * The code generator (console "Developer tools → Code generator"): a table of the database, its
 * saved generation settings, and the files generated from them for this project's own stack.
 */

/** A table name as PostgreSQL keeps it unquoted: lower-case letters, digits and `_`, ≤ 63. */
export const ZTableName = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);
export const ZCodegenTableParams = z.object({ tableName: ZTableName });
export type TCodegenTableParams = z.infer<typeof ZCodegenTableParams>;

export const ZCodegenTablePageQuery = ZPageQuery.extend({
  /** Matches the table name or its comment. */
  keywords: z.string().trim().max(50).optional(),
});
export type TCodegenTablePageQuery = z.infer<typeof ZCodegenTablePageQuery>;

export const ZCodegenTable = z.object({
  tableName: z.string(),
  tableComment: z.string(),
  /**
   * PostgreSQL does not record when a table was created. This is the date of the committed
   * migration that creates it (`yyyy-MM-dd HH:mm:ss`, UTC, from the migrations journal), or null
   * for a table no migration creates.
   */
  createTime: z.string().nullable(),
  isConfigured: z.boolean(),
});
export type TCodegenTable = z.infer<typeof ZCodegenTable>;
export const ZCodegenTablePage = ZPage(ZCodegenTable);
export type TCodegenTablePage = z.infer<typeof ZCodegenTablePage>;

export const FORM_TYPES = [
  'input',
  'select',
  'radio',
  'checkbox',
  'number',
  'switch',
  'textarea',
  'date',
  'datetime',
  'hidden',
] as const;
export const ZFormType = z.enum(FORM_TYPES);
export type TFormType = z.infer<typeof ZFormType>;

export const QUERY_TYPES = [
  '=',
  'like',
  'in',
  'between',
  '>',
  '>=',
  '<',
  '<=',
  '!=',
  'like_left',
  'like_right',
] as const;
export const ZQueryType = z.enum(QUERY_TYPES);
export type TQueryType = z.infer<typeof ZQueryType>;

/** The TypeScript type a column's values take in the generated code. */
export const TS_TYPES = ['string', 'number', 'boolean'] as const;
export const ZTsType = z.enum(TS_TYPES);
export type TTsType = z.infer<typeof ZTsType>;

/**
 * Characters an operator's words may not hold when they become generated source (issue 31):
 * control characters (line breaks, carriage returns, tabs, NUL, DEL, C1), the Unicode line and
 * paragraph separators, and the invisible direction marks and overrides that make code read
 * differently from what it is ("Trojan Source"). The generator also encodes every value for the
 * exact place it lands; this refusal keeps words words.
 */
export const CODEGEN_UNSAFE_TEXT = /[\p{Cc}\u2028\u2029\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;

/** Free text of the generator's settings (business name, field comments): no control characters. */
export const ZCodegenText = z.string().refine((text) => !CODEGEN_UNSAFE_TEXT.test(text), {
  error: 'validation.controlCharacters',
});

/**
 * Permission namespaces of the application's own modules (`sys:user:delete`, `dev:codegen:query`,
 * …). A generated module's permissions are `<moduleName>:<entity>:<action>`, so a module named
 * after one of these would hand out permission strings of the built-in modules.
 */
export const CODEGEN_RESERVED_MODULE_NAMES = [
  'sys',
  'system',
  'dev',
  'catalog',
  'commerce',
  'demo',
  'linkstore',
] as const;

/** The server module folder and the permission namespace of a generated module. */
export const ZCodegenModuleName = z
  .string()
  .regex(/^[a-z][a-z0-9]{0,31}$/)
  .refine((name) => !(CODEGEN_RESERVED_MODULE_NAMES as readonly string[]).includes(name), {
    error: 'validation.codegenReservedModule',
  });

/** A JavaScript identifier in camelCase (`fieldName`). */
const ZCamelIdentifier = z.string().regex(/^[a-z][A-Za-z0-9]{0,62}$/);

/** One column's settings. Read from the catalogue: name, SQL type, nullability, default, comment. */
export const ZCodegenField = z.object({
  columnName: z.string(),
  /** As `format_type` gives it: `varchar(64)`, `bigint`, `timestamp with time zone`, … */
  columnType: z.string(),
  isPrimaryKey: z.boolean(),
  isNullable: z.boolean(),
  hasDefault: z.boolean(),
  fieldName: ZCamelIdentifier,
  tsType: ZTsType,
  fieldComment: z.string().max(255),
  isShowInList: z.boolean(),
  isShowInForm: z.boolean(),
  isShowInQuery: z.boolean(),
  isRequired: z.boolean(),
  maxLength: z.number().int().min(1).max(65_535).nullable(),
  formType: ZFormType,
  queryType: ZQueryType,
  /** A dictionary code (`gender`) whose items fill a select, radio or checkbox; must exist. */
  dictType: z.string().max(64).nullable(),
});
export type TCodegenField = z.infer<typeof ZCodegenField>;

export const ZCodegenConfig = z.object({
  tableName: z.string(),
  tableComment: z.string(),
  /** The server module folder and the permission prefix: `notes` → `notes:<entity>:query`. */
  moduleName: z.string().regex(/^[a-z][a-z0-9]{0,31}$/),
  /** PascalCase, singular: `ScratchNote`. */
  entityName: z.string().regex(/^[A-Z][A-Za-z0-9]{0,62}$/),
  /** What the page calls the records, in English: "Scratch notes". */
  businessName: z.string().trim().min(1).max(64),
  /** The catalog menu the page hangs under when the menu was created; null otherwise. */
  parentMenuId: z.string().nullable(),
  isConfigured: z.boolean(),
  fields: z.array(ZCodegenField),
});
export type TCodegenConfig = z.infer<typeof ZCodegenConfig>;

/** Only what an operator chooses; the column facts come from the catalogue again on save. */
export const ZCodegenFieldRequest = ZCodegenField.pick({
  columnName: true,
  fieldName: true,
  fieldComment: true,
  isShowInList: true,
  isShowInForm: true,
  isShowInQuery: true,
  isRequired: true,
  maxLength: true,
  formType: true,
  queryType: true,
  dictType: true,
}).extend({
  columnName: z.string().max(63),
  fieldComment: ZCodegenText.max(255),
  dictType: ZDictCode.nullable(),
});
export type TCodegenFieldRequest = z.infer<typeof ZCodegenFieldRequest>;

export const ZCodegenConfigRequest = ZCodegenConfig.pick({
  entityName: true,
}).extend({
  moduleName: ZCodegenModuleName,
  businessName: ZCodegenText.trim().min(1).max(64),
  fields: z.array(ZCodegenFieldRequest).max(200),
  /** When given: also create the page's menu under this catalog, with its four buttons. */
  parentMenuId: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .nullable()
    .default(null),
});
export type TCodegenConfigRequest = z.input<typeof ZCodegenConfigRequest>;

export const FILE_LANGUAGES = ['typescript', 'tsx', 'sql', 'json', 'text'] as const;
export const ZCodegenFile = z.object({
  /** Relative to the repository root, with the file name. */
  path: z.string(),
  fileName: z.string(),
  language: z.enum(FILE_LANGUAGES),
  content: z.string(),
});
export type TCodegenFile = z.infer<typeof ZCodegenFile>;
export const ZCodegenPreview = z.array(ZCodegenFile);

export const ZCodegenOptions = z.object({
  /** Whether "Write into the working tree" is allowed: only a server in development. */
  canWrite: z.boolean(),
  /** Catalogs a generated page's menu can hang under. */
  catalogs: z.array(z.object({ id: z.string(), name: z.string(), path: z.string() })),
});
export type TCodegenOptions = z.infer<typeof ZCodegenOptions>;

export const ZCodegenWriteResult = z.object({ written: z.array(z.string()) });
export type TCodegenWriteResult = z.infer<typeof ZCodegenWriteResult>;
