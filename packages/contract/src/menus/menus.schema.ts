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

/** A record id on the wire: a positive integer as a string. */
const ZMenuIdString = z.string().regex(/^[1-9]\d{0,14}$/);
/** A parent id: `0` is the top of the tree. */
const ZParentIdString = z.string().regex(/^(0|[1-9]\d{0,14})$/);
const ZFlag = z.literal([0, 1]);

/** A permission string such as `sys:user:add`. */
export const PERM_PATTERN = /^[A-Za-z0-9:_-]+$/;

export const ZMenuIdParams = z.object({ id: ZMenuIdString });
export type TMenuIdParams = z.infer<typeof ZMenuIdParams>;

export const ZMenuListQuery = z.object({
  keywords: z.string().trim().max(64).optional(),
});
export type TMenuListQuery = z.infer<typeof ZMenuListQuery>;

/** One row of the menu management table (`MenuVO`), children in `sort` order, omitted when none. */
export interface TMenu {
  id: string;
  parentId: string;
  name: string;
  type: TMenuType;
  routeName: string | null;
  routePath: string | null;
  component: string | null;
  sort: number;
  visible: 0 | 1;
  icon: string | null;
  redirect: string | null;
  perm: string | null;
  children?: TMenu[] | undefined;
}

export const ZMenu: z.ZodType<TMenu> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    name: z.string(),
    type: ZMenuType,
    routeName: z.string().nullable(),
    routePath: z.string().nullable(),
    component: z.string().nullable(),
    sort: z.number().int(),
    visible: ZFlag,
    icon: z.string().nullable(),
    redirect: z.string().nullable(),
    perm: z.string().nullable(),
    children: z.array(ZMenu).optional(),
  }),
);
export const ZMenuTree = z.array(ZMenu);

/** The `{value, label, children?}` option of a tree picker. */
export interface TMenuOption {
  value: string;
  label: string;
  children?: TMenuOption[] | undefined;
}
export const ZMenuOption: z.ZodType<TMenuOption> = z.lazy(() =>
  z.object({ value: z.string(), label: z.string(), children: z.array(ZMenuOption).optional() }),
);
export const ZMenuOptionTree = z.array(ZMenuOption);

export const ZMenuOptionsQuery = z.object({
  /** `true`: catalogs and pages only (the parent picker); otherwise every menu (role permissions). */
  onlyParent: z.enum(['true', 'false']).optional(),
});
export type TMenuOptionsQuery = z.infer<typeof ZMenuOptionsQuery>;

export const ZMenuParam = z.object({
  key: z.string().trim().min(1).max(64),
  value: z.string().max(255),
});

const optionalText = (max: number) => z.string().trim().max(max).nullish();

const menuFormFields = {
  parentId: ZParentIdString.default('0'),
  name: z.string().trim().min(1).max(64),
  type: ZMenuType,
  routeName: optionalText(64),
  routePath: optionalText(255),
  component: optionalText(255),
  perm: optionalText(128),
  visible: ZFlag.default(1),
  sort: z.number().int().min(0).max(999_999).default(0),
  icon: optionalText(64),
  redirect: optionalText(255),
  keepAlive: ZFlag.default(0),
  alwaysShow: ZFlag.default(0),
  params: z.array(ZMenuParam).max(50).nullish(),
};

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The menu form as saved (POST, PUT). The rules that depend on the type are checked here so
 * the console form and the server refuse the same input; messages are server message keys.
 */
export const ZMenuSaveRequest = z
  .object({ id: z.string().optional(), ...menuFormFields })
  .superRefine((form, ctx) => {
    const issue = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message, input: form[field as keyof typeof form] });
    if (form.type !== 'BUTTON' && !form.routePath) issue('routePath', 'validation.required');
    if (form.type === 'MENU' && !form.component) issue('component', 'validation.required');
    if (form.type === 'EXTLINK' && form.routePath && !isHttpUrl(form.routePath)) {
      issue('routePath', 'validation.invalid');
    }
    if (form.type === 'BUTTON') {
      if (!form.perm) issue('perm', 'validation.required');
      if (form.parentId === '0') issue('parentId', 'validation.required');
    }
    if (form.perm && !PERM_PATTERN.test(form.perm)) issue('perm', 'validation.invalid');
  });
export type TMenuSaveRequest = z.infer<typeof ZMenuSaveRequest>;

/** The menu form as read back (`GET /{id}/form`), with `params` as `[{key, value}]`. */
export const ZMenuForm = z.object({
  id: z.string(),
  parentId: z.string(),
  name: z.string(),
  type: ZMenuType,
  routeName: z.string().nullable(),
  routePath: z.string().nullable(),
  component: z.string().nullable(),
  perm: z.string().nullable(),
  visible: ZFlag,
  sort: z.number().int(),
  icon: z.string().nullable(),
  redirect: z.string().nullable(),
  keepAlive: ZFlag,
  alwaysShow: ZFlag,
  params: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type TMenuForm = z.infer<typeof ZMenuForm>;

export const ZMenuVisibilityQuery = z.object({ visible: z.enum(['1', '0']) });
export type TMenuVisibilityQuery = z.infer<typeof ZMenuVisibilityQuery>;
