import { z } from 'zod';

/** A department id on the wire: a digit string (the table's bigint), small enough for a safe integer. */
export const ZDeptId = z.string().regex(/^[1-9]\d{0,14}$/);

/** A parent id: `0` is the top of the tree. */
export const ZDeptParentId = z.string().regex(/^(0|[1-9]\d{0,14})$/);

export const ZDeptIdParams = z.object({ id: ZDeptId });
export type TDeptIdParams = z.infer<typeof ZDeptIdParams>;

/** Batch delete: `DELETE /dept/3,4` — comma-joined ids, at most 100. */
export const ZDeptIdsParams = z.object({
  ids: z
    .string()
    .max(1600)
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,99}$/)
    .transform((value) => [...new Set(value.split(','))]),
});
export type TDeptIdsParams = z.infer<typeof ZDeptIdsParams>;

/** 1 active, 0 disabled. */
export const ZDeptStatus = z.literal([0, 1]);

/** `LINKSTORE`, `ENG`, `qa-berlin`: letters, digits, `_` and `-`. */
export const ZDeptCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const ZDeptListQuery = z.object({
  /** Matches the name. */
  keywords: z.string().trim().max(50).optional(),
  status: z
    .enum(['0', '1'])
    .transform((value) => (value === '1' ? 1 : 0))
    .optional(),
});
export type TDeptListQuery = z.infer<typeof ZDeptListQuery>;

/**
 * One row of the department table, children in `sort` order, omitted when none. A filtered
 * list keeps each match with the matches beneath it. Datetimes are `yyyy-MM-dd HH:mm:ss` (UTC).
 */
export interface TDept {
  id: string;
  parentId: string;
  name: string;
  code: string;
  sort: number;
  status: 0 | 1;
  children?: TDept[] | undefined;
  createTime: string;
  updateTime: string;
}

export const ZDept: z.ZodType<TDept> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    name: z.string(),
    code: z.string(),
    sort: z.number().int(),
    status: ZDeptStatus,
    children: z.array(ZDept).optional(),
    createTime: z.string(),
    updateTime: z.string(),
  }),
);
export const ZDeptTree = z.array(ZDept);

/** The `{value, label, children?}` option of a tree picker. */
export interface TDeptOption {
  value: string;
  label: string;
  children?: TDeptOption[] | undefined;
}
export const ZDeptOption: z.ZodType<TDeptOption> = z.lazy(() =>
  z.object({ value: z.string(), label: z.string(), children: z.array(ZDeptOption).optional() }),
);
export const ZDeptOptionTree = z.array(ZDeptOption);

export const ZDeptForm = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  parentId: z.string(),
  status: ZDeptStatus,
  sort: z.number().int(),
});
export type TDeptForm = z.infer<typeof ZDeptForm>;

/** Create and edit body. Unknown fields (such as the form's own `id`) are ignored. */
export const ZDeptRequest = z.object({
  name: z.string().trim().min(1).max(64),
  code: ZDeptCode,
  parentId: ZDeptParentId.default('0'),
  status: ZDeptStatus.default(1),
  sort: z.int().min(0).max(1_000_000).default(0),
});
export type TDeptRequest = z.infer<typeof ZDeptRequest>;
