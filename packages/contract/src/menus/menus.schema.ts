import { z } from 'zod';

/** Menu kinds: a catalog groups pages, a menu is a page, an external link, a button (a permission). */
export const MENU_TYPES = ['CATALOG', 'MENU', 'EXTLINK', 'BUTTON'] as const;
export const ZMenuType = z.enum(MENU_TYPES);
export type TMenuType = z.infer<typeof ZMenuType>;

/** One node of the caller's console route tree (`GET /api/v1/menus/routes`). */
export interface TRouteNode {
  path: string;
  /** `Layout` for the console shell, a view key such as `system/user/index`, or null (external link). */
  component: string | null;
  redirect?: string | undefined;
  name: string;
  meta: {
    /** Shown as `route.<title>` when that translation exists, else as is. */
    title: string;
    icon?: string | undefined;
    hidden: boolean;
    keepAlive: boolean;
    alwaysShow: boolean;
    params?: Record<string, string> | undefined;
  };
  children?: TRouteNode[] | undefined;
}

export const ZRouteNode: z.ZodType<TRouteNode> = z.lazy(() =>
  z.object({
    path: z.string(),
    component: z.string().nullable(),
    redirect: z.string().optional(),
    name: z.string(),
    meta: z.object({
      title: z.string(),
      icon: z.string().optional(),
      hidden: z.boolean(),
      keepAlive: z.boolean(),
      alwaysShow: z.boolean(),
      params: z.record(z.string(), z.string()).optional(),
    }),
    children: z.array(ZRouteNode).optional(),
  }),
);

export const ZRouteTree = z.array(ZRouteNode);
