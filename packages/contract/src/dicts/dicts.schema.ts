import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';

/** A dictionary or item id on the wire: a digit string (the table's bigint), a safe integer. */
export const ZDictId = z.string().regex(/^[1-9]\d{0,14}$/);

export const ZDictIdParams = z.object({ id: ZDictId });
export type TDictIdParams = z.infer<typeof ZDictIdParams>;

/** Batch delete: `DELETE /dict/3,4` — comma-joined ids, at most 100. */
export const ZDictIdsParams = z.object({
  ids: z
    .string()
    .max(1600)
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,99}$/)
    .transform((value) => [...new Set(value.split(','))]),
});
export type TDictIdsParams = z.infer<typeof ZDictIdsParams>;

/** `gender`, `notice_type`: a lower-case letter, then lower-case letters, digits and `_`. */
export const ZDictCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_]*$/, 'validation.dictCode');

/** 1 active, 0 disabled: a disabled dictionary or item is left out of the list and options. */
export const ZDictStatus = z.literal([0, 1]);

/** The colour of an item's tag; `''` is a plain tag. */
export const DICT_TAG_TYPES = ['primary', 'success', 'info', 'warning', 'danger'] as const;
export const ZDictTagType = z.enum(DICT_TAG_TYPES);
export type TDictTagType = z.infer<typeof ZDictTagType>;
export const ZDictTagTypeOrNone = z.union([ZDictTagType, z.literal('')]);
export type TDictTagTypeOrNone = z.infer<typeof ZDictTagTypeOrNone>;

/** The languages an item's label has besides English (`label`); empty means "use English". */
export const DICT_LABEL_LANGUAGES = ['es', 'pt', 'zh-cn', 'fr'] as const;
export type TDictLabelLanguage = (typeof DICT_LABEL_LANGUAGES)[number];

const ZTranslatedLabel = z.string().trim().max(128).default('');

/** `{es, pt, zh-cn, fr}`; every key may be left out or empty. Unknown keys are dropped. */
export const ZDictLabels = z
  .object({ es: ZTranslatedLabel, pt: ZTranslatedLabel, 'zh-cn': ZTranslatedLabel, fr: ZTranslatedLabel })
  .prefault({});
export type TDictLabels = z.infer<typeof ZDictLabels>;

// ── Dictionaries ────────────────────────────────────────────────────────────────────────────

export const ZDictPageQuery = ZPageQuery.extend({
  /** Matches the name or the code. */
  keywords: z.string().trim().max(50).optional(),
});
export type TDictPageQuery = z.infer<typeof ZDictPageQuery>;

export const ZDictForm = z.object({
  id: z.string(),
  name: z.string(),
  dictCode: z.string(),
  remark: z.string(),
  status: ZDictStatus,
});
export type TDictForm = z.infer<typeof ZDictForm>;

/** Datetimes are `yyyy-MM-dd HH:mm:ss` (UTC). */
export const ZDictPageItem = ZDictForm.extend({
  createTime: z.string(),
  updateTime: z.string(),
});
export type TDictPageItem = z.infer<typeof ZDictPageItem>;

export const ZDictPage = ZPage(ZDictPageItem);
export type TDictPage = z.infer<typeof ZDictPage>;

/**
 * Create and edit body. Unknown fields (such as the form's own `id`) are ignored. A new
 * `dictCode` must be unused; the dictionary's items move with it.
 */
export const ZDictRequest = z.object({
  name: z.string().trim().min(1).max(64),
  dictCode: ZDictCode,
  remark: z.string().trim().max(255).default(''),
  status: ZDictStatus.default(1),
});
export type TDictRequest = z.infer<typeof ZDictRequest>;

// ── Items ───────────────────────────────────────────────────────────────────────────────────

export const ZDictItemPageQuery = ZPageQuery.extend({
  /** The dictionary whose items are listed; all items when left out. */
  dictCode: ZDictCode.optional(),
  /** Matches the value or the label in any language. */
  keywords: z.string().trim().max(50).optional(),
});
export type TDictItemPageQuery = z.infer<typeof ZDictItemPageQuery>;

/** `label` is English; `labels` the other languages (`''` where not translated). */
export const ZDictItemForm = z.object({
  id: z.string(),
  dictCode: z.string(),
  value: z.string(),
  label: z.string(),
  labels: z.object({ es: z.string(), pt: z.string(), 'zh-cn': z.string(), fr: z.string() }),
  tagType: ZDictTagTypeOrNone,
  sort: z.number().int(),
  status: ZDictStatus,
});
export type TDictItemForm = z.infer<typeof ZDictItemForm>;

export const ZDictItemPageItem = ZDictItemForm.extend({
  createTime: z.string(),
  updateTime: z.string(),
});
export type TDictItemPageItem = z.infer<typeof ZDictItemPageItem>;

export const ZDictItemPage = ZPage(ZDictItemPageItem);
export type TDictItemPage = z.infer<typeof ZDictItemPage>;

/** Create and edit body; `value` is unique within its dictionary, which must exist. */
export const ZDictItemRequest = z.object({
  dictCode: ZDictCode,
  value: z.string().trim().min(1).max(64),
  label: z.string().trim().min(1).max(128),
  labels: ZDictLabels,
  tagType: ZDictTagTypeOrNone.default(''),
  sort: z.int().min(0).max(1_000_000).default(0),
  status: ZDictStatus.default(1),
});
export type TDictItemRequest = z.infer<typeof ZDictItemRequest>;

// ── For every signed-in operator ────────────────────────────────────────────────────────────

/** One item as forms and tables show it: the label in the caller's language (else English). */
export const ZDictListItem = z.object({
  value: z.string(),
  label: z.string(),
  tagType: ZDictTagTypeOrNone,
});
export type TDictListItem = z.infer<typeof ZDictListItem>;

/** `GET /dict/list`: every active dictionary with its active items in sort order. */
export const ZDictListEntry = z.object({
  name: z.string(),
  dictCode: z.string(),
  dictDataList: z.array(ZDictListItem),
});
export type TDictListEntry = z.infer<typeof ZDictListEntry>;
export const ZDictList = z.array(ZDictListEntry);
export type TDictList = z.infer<typeof ZDictList>;

export const ZDictCodeParams = z.object({ dictCode: ZDictCode });
export type TDictCodeParams = z.infer<typeof ZDictCodeParams>;

/** `GET /dict-data/{dictCode}/options`: `{value, label, tag}` (tag is the tag type, `''` if none). */
export const ZDictOption = z.object({ value: z.string(), label: z.string(), tag: ZDictTagTypeOrNone });
export type TDictOption = z.infer<typeof ZDictOption>;
export const ZDictOptions = z.array(ZDictOption);
export type TDictOptions = z.infer<typeof ZDictOptions>;
