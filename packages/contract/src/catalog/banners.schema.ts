import { z } from 'zod';
import { isSafeLink, UNSAFE_LINK_MESSAGE } from '../platform/link';
import { ZPage, ZPageQuery } from '../platform/page';

export { isSafeLink } from '../platform/link';

/** A banner id on the wire: a digit string (the table's bigint), small enough for a safe integer. */
export const ZBannerId = z.string().regex(/^[1-9]\d{0,14}$/);
export const ZBannerIdParams = z.object({ id: ZBannerId });
export type TBannerIdParams = z.infer<typeof ZBannerIdParams>;

/** Batch delete: `DELETE /catalog/banners/3,4` — comma-joined ids, at most 100. */
export const ZBannerIdsParams = z.object({
  ids: z
    .string()
    .max(1600)
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,99}$/)
    .transform((value) => [...new Set(value.split(','))]),
});

/** 1 shown to shops, 0 hidden. */
export const ZBannerStatus = z.literal([0, 1]);

const ZTitlesOut = z.object({
  es: z.string().optional(),
  pt: z.string().optional(),
  'zh-cn': z.string().optional(),
  fr: z.string().optional(),
});
export type TBannerTitles = z.infer<typeof ZTitlesOut>;

/** Titles in es, pt, zh-cn and fr, each optional; empty strings are dropped. */
const ZTitlesIn = z
  .object({
    es: z.string().trim().max(120).optional(),
    pt: z.string().trim().max(120).optional(),
    'zh-cn': z.string().trim().max(120).optional(),
    fr: z.string().trim().max(120).optional(),
  })
  .transform((texts): TBannerTitles =>
    Object.fromEntries(
      Object.entries(texts).filter(([, value]) => typeof value === 'string' && value !== ''),
    ),
  );

export const ZBannerPageQuery = ZPageQuery.extend({
  /** Matches the title in any language. */
  keywords: z.string().trim().max(50).optional(),
  status: z
    .enum(['0', '1'])
    .transform((value) => (value === '1' ? 1 : 0))
    .optional(),
});
export type TBannerPageQuery = z.infer<typeof ZBannerPageQuery>;

export const ZBannerForm = z.object({
  id: z.string(),
  title: z.string(),
  titles: ZTitlesOut,
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  sort: z.number().int(),
  status: ZBannerStatus,
});
export type TBannerForm = z.infer<typeof ZBannerForm>;

/** A row of the banner table: `label` is the title in the caller's language. */
export const ZBannerPageItem = ZBannerForm.extend({
  label: z.string(),
  createTime: z.string(),
});
export type TBannerPageItem = z.infer<typeof ZBannerPageItem>;
export const ZBannerPage = ZPage(ZBannerPageItem);

/** A stored image: a site path (`/files/…`) or an http(s) URL. */
const ZImageUrl = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^(\/|https?:\/\/)\S*$/)
  .refine(isSafeLink, { error: UNSAFE_LINK_MESSAGE });

/** Where a click on the banner goes: a site path or an http(s) URL; empty for none. */
const ZLinkUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^((\/|https?:\/\/)\S*)?$/)
  .refine((value) => value === '' || isSafeLink(value), { error: UNSAFE_LINK_MESSAGE })
  .nullish()
  .transform((value) => (value ? value : null));

/** Create and edit body. English title required; unknown fields (the form's `id`) are ignored. */
export const ZBannerRequest = z.object({
  title: z.string().trim().min(1).max(120),
  titles: ZTitlesIn.default({}),
  imageUrl: ZImageUrl,
  linkUrl: ZLinkUrl,
  sort: z.int().min(0).max(1_000_000).default(0),
  status: ZBannerStatus.default(1),
});
export type TBannerRequest = z.input<typeof ZBannerRequest>;
export type TBannerRequestParsed = z.output<typeof ZBannerRequest>;

export const ZBannerStatusQuery = z.object({
  status: z.enum(['0', '1']).transform((value) => (value === '1' ? 1 : 0)),
});
