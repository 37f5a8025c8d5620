import { z } from 'zod';

/** Page query of the console's lists: `pageNum` from 1, `pageSize` up to 100. */
export const ZPageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** Page result `{list, total}`. */
export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().min(0) });
}
export type TPage<T> = { list: T[]; total: number };
