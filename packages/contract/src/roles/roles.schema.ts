import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';

/** A role id on the wire: a digit string (the table's bigint), small enough for a safe integer. */
export const ZRoleId = z.string().regex(/^[1-9]\d{0,14}$/);

export const ZRoleIdParams = z.object({ id: ZRoleId });
export type TRoleIdParams = z.infer<typeof ZRoleIdParams>;

/** Batch delete: `DELETE /roles/3,4` — comma-joined ids, at most 100. */
export const ZRoleIdsParams = z.object({
  ids: z
    .string()
    .max(1600)
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,99}$/)
    .transform((value) => [...new Set(value.split(','))]),
});
export type TRoleIdsParams = z.infer<typeof ZRoleIdsParams>;

/** 1 active, 0 disabled. */
export const ZRoleStatus = z.literal([0, 1]);

/** 0 all, 1 own department and below, 2 own department, 3 self. */
export const ZRoleDataScope = z.int().min(0).max(3);

/** `ADMIN`, `SHOP_MANAGER_2`: upper-case letters, digits and underscores. */
export const ZRoleCode = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Z0-9_]+$/);

export const ZRolePageQuery = ZPageQuery.extend({
  /** Matches the name or the code. */
  keywords: z.string().trim().max(50).optional(),
});
export type TRolePageQuery = z.infer<typeof ZRolePageQuery>;

/** Datetimes are `yyyy-MM-dd HH:mm:ss` (UTC). */
export const ZRolePageItem = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  status: ZRoleStatus,
  sort: z.number().int(),
  dataScope: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TRolePageItem = z.infer<typeof ZRolePageItem>;

export const ZRolePage = ZPage(ZRolePageItem);
export type TRolePage = z.infer<typeof ZRolePage>;

/** `{value: id, label: name}`; ROOT is left out for callers who are not ROOT. */
export const ZRoleOption = z.object({ value: z.string(), label: z.string() });
export type TRoleOption = z.infer<typeof ZRoleOption>;
export const ZRoleOptions = z.array(ZRoleOption);

export const ZRoleForm = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  sort: z.number().int(),
  status: ZRoleStatus,
  dataScope: z.number().int(),
});
export type TRoleForm = z.infer<typeof ZRoleForm>;

/** Create and edit body. Unknown fields (such as the form's own `id`) are ignored. */
export const ZRoleRequest = z.object({
  name: z.string().trim().min(1).max(64),
  code: ZRoleCode,
  sort: z.int().min(0).max(1_000_000).default(0),
  status: ZRoleStatus.default(1),
  dataScope: ZRoleDataScope.default(3),
});
export type TRoleRequest = z.infer<typeof ZRoleRequest>;

/** `PUT /roles/{id}/status?status=0|1`. */
export const ZRoleStatusQuery = z.object({
  status: z.enum(['0', '1']).transform((value) => (value === '1' ? 1 : 0)),
});
export type TRoleStatusQuery = z.infer<typeof ZRoleStatusQuery>;

/** A menu id on the wire. */
export const ZRoleMenuId = z.string().regex(/^[1-9]\d{0,14}$/);

/** The role's menu ids, as strings. */
export const ZRoleMenuIds = z.array(ZRoleMenuId);
export type TRoleMenuIds = z.infer<typeof ZRoleMenuIds>;

/** `PUT /roles/{id}/menus` body: the whole new set (checked plus half-checked tree nodes). */
export const ZRoleMenusRequest = z.array(ZRoleMenuId).max(5000);
export type TRoleMenusRequest = z.infer<typeof ZRoleMenusRequest>;
