import { z } from 'zod';

/** A category id on the wire: a digit string (the table's bigint), small enough for a safe integer. */
export const ZCategoryId = z.string().regex(/^[1-9]\d{0,14}$/);

/** A parent id: `0` makes a first-level category. */
export const ZCategoryParentId = z.string().regex(/^(0|[1-9]\d{0,14})$/);

export const ZCategoryIdParams = z.object({ id: ZCategoryId });
export type TCategoryIdParams = z.infer<typeof ZCategoryIdParams>;

/** 1 shown, 0 hidden. */
export const ZCategoryStatus = z.literal([0, 1]);

/** The languages a category name may be translated into; English is the `name` itself. */
export const CATEGORY_NAME_LANGUAGES = ['es', 'pt', 'zh-cn', 'fr'] as const;

/** `{es, pt, zh-cn, fr}`, each optional; empty strings are dropped. */
export const ZCategoryNames = z
  .object({
    es: z.string().trim().max(64).optional(),
    pt: z.string().trim().max(64).optional(),
    'zh-cn': z.string().trim().max(64).optional(),
    fr: z.string().trim().max(64).optional(),
  })
  .transform((names) =>
    Object.fromEntries(
      Object.entries(names).filter(([, value]) => typeof value === 'string' && value !== ''),
    ),
  );
export type TCategoryNames = Partial<Record<(typeof CATEGORY_NAME_LANGUAGES)[number], string>>;

export const ZCategoryListQuery = z.object({
  /** Matches the name in any language. */
  keywords: z.string().trim().max(50).optional(),
  status: z
    .enum(['0', '1'])
    .transform((value) => (value === '1' ? 1 : 0))
    .optional(),
});
export type TCategoryListQuery = z.infer<typeof ZCategoryListQuery>;

/**
 * One row of the category table. `label` is the name in the caller's language (English when no
 * translation); `name` is English and `names` the other languages. Children in `sort` order,
 * omitted when none. Datetimes are `yyyy-MM-dd HH:mm:ss` (UTC).
 */
export interface TCategory {
  id: string;
  parentId: string;
  label: string;
  name: string;
  names: TCategoryNames;
  iconUrl: string | null;
  sort: number;
  status: 0 | 1;
  children?: TCategory[] | undefined;
  createTime: string;
  updateTime: string;
}

const ZCategoryNamesOut = z.object({
  es: z.string().optional(),
  pt: z.string().optional(),
  'zh-cn': z.string().optional(),
  fr: z.string().optional(),
});

export const ZCategory: z.ZodType<TCategory> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    label: z.string(),
    name: z.string(),
    names: ZCategoryNamesOut,
    iconUrl: z.string().nullable(),
    sort: z.number().int(),
    status: ZCategoryStatus,
    children: z.array(ZCategory).optional(),
    createTime: z.string(),
    updateTime: z.string(),
  }),
);
export const ZCategoryTree = z.array(ZCategory);

export const ZCategoryOptionsQuery = z.object({
  /** `first` (default): first-level categories only, for the parent picker; `all`: the whole tree. */
  level: z.enum(['first', 'all']).default('first'),
});
export type TCategoryOptionsQuery = z.infer<typeof ZCategoryOptionsQuery>;

/** The `{value, label, children?}` option of a tree picker; labels in the caller's language. */
export interface TCategoryOption {
  value: string;
  label: string;
  children?: TCategoryOption[] | undefined;
}
export const ZCategoryOption: z.ZodType<TCategoryOption> = z.lazy(() =>
  z.object({ value: z.string(), label: z.string(), children: z.array(ZCategoryOption).optional() }),
);
export const ZCategoryOptionTree = z.array(ZCategoryOption);

export const ZCategoryForm = z.object({
  id: z.string(),
  parentId: z.string(),
  name: z.string(),
  names: ZCategoryNamesOut,
  iconUrl: z.string().nullable(),
  sort: z.number().int(),
  status: ZCategoryStatus,
});
export type TCategoryForm = z.infer<typeof ZCategoryForm>;

/** A stored image: a site path (`/files/…`) or an http(s) URL. */
const ZIconUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/|https?:\/\/)\S*$/);

/** Create and edit body. Unknown fields (such as the form's own `id`) are ignored. */
export const ZCategoryRequest = z.object({
  parentId: ZCategoryParentId.default('0'),
  /** English, required. */
  name: z.string().trim().min(1).max(64),
  names: ZCategoryNames.default({}),
  iconUrl: z.union([ZIconUrl, z.literal('')]).nullish(),
  sort: z.int().min(0).max(1_000_000).default(0),
  status: ZCategoryStatus.default(1),
});
export type TCategoryRequest = z.input<typeof ZCategoryRequest>;
export type TCategoryRequestParsed = z.output<typeof ZCategoryRequest>;

export const ZCategoryStatusQuery = z.object({
  status: z.enum(['0', '1']).transform((value) => (value === '1' ? 1 : 0)),
});
export type TCategoryStatusQuery = z.infer<typeof ZCategoryStatusQuery>;
