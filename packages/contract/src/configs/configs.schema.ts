import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/page';

/** A setting id on the wire: a digit string (the table's bigint), small enough for a safe integer. */
export const ZConfigId = z.string().regex(/^[1-9]\d{0,14}$/);

export const ZConfigIdParams = z.object({ id: ZConfigId });
export type TConfigIdParams = z.infer<typeof ZConfigIdParams>;

/** Batch delete: `DELETE /config/3,4` — comma-joined ids, at most 100. */
export const ZConfigIdsParams = z.object({
  ids: z
    .string()
    .max(1600)
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,99}$/)
    .transform((value) => [...new Set(value.split(','))]),
});
export type TConfigIdsParams = z.infer<typeof ZConfigIdsParams>;

/** `IP_QPS_THRESHOLD_LIMIT`, `mail.from`: letters, digits, `_`, `.`, `:` and `-`. */
export const ZConfigKey = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);

export const ZConfigPageQuery = ZPageQuery.extend({
  /** Matches the name or the key. */
  keywords: z.string().trim().max(50).optional(),
});
export type TConfigPageQuery = z.infer<typeof ZConfigPageQuery>;

export const ZConfigForm = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  value: z.string(),
  remark: z.string(),
});
export type TConfigForm = z.infer<typeof ZConfigForm>;

/** Datetimes are `yyyy-MM-dd HH:mm:ss` (UTC). */
export const ZConfigPageItem = ZConfigForm.extend({
  createTime: z.string(),
  updateTime: z.string(),
});
export type TConfigPageItem = z.infer<typeof ZConfigPageItem>;

export const ZConfigPage = ZPage(ZConfigPageItem);
export type TConfigPage = z.infer<typeof ZConfigPage>;

/** Create and edit body. Unknown fields (such as the form's own `id`) are ignored. */
export const ZConfigRequest = z.object({
  name: z.string().trim().min(1).max(64),
  key: ZConfigKey,
  value: z.string().max(4000),
  remark: z.string().trim().max(255).default(''),
});
export type TConfigRequest = z.infer<typeof ZConfigRequest>;

/**
 * Settings holding a web address (the console navbar's links): empty, or an http(s) URL — the
 * server refuses anything else on save.
 */
export const URL_CONFIG_KEYS = { docUrl: 'DOC_URL', codeHostingUrl: 'CODE_HOSTING_URL' } as const;

/** An absolute http or https URL (a value of one of `URL_CONFIG_KEYS`). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The console navbar's links, from the settings; null when unset (the link is hidden). */
export const ZConsoleLinks = z.object({
  docUrl: z.string().nullable(),
  codeHostingUrl: z.string().nullable(),
});
export type TConsoleLinks = z.infer<typeof ZConsoleLinks>;
