import type { TMenuForm, TMenuType, ZMenuSaveRequest } from '@linkstore/contract';
import type { z } from 'zod';

/** The menu dialog's values: the saved form with blanks as undefined and flags as 0 / 1. */
export interface TMenuFormValues {
  parentId: string;
  name: string;
  type: TMenuType;
  routeName?: string | undefined;
  routePath?: string | undefined;
  component?: string | undefined;
  perm?: string | undefined;
  visible: 0 | 1;
  sort: number;
  icon?: string | undefined;
  redirect?: string | undefined;
  keepAlive: 0 | 1;
  alwaysShow: 0 | 1;
  params?: { key?: string; value?: string }[] | undefined;
}

export type TMenuSaveInput = z.input<typeof ZMenuSaveRequest>;

/** A new menu, and what "add child" starts with under a catalog (a page) or a page (a button). */
export const NEW_MENU: TMenuFormValues = {
  parentId: '0',
  name: '',
  type: 'CATALOG',
  visible: 1,
  sort: 1,
  keepAlive: 1,
  alwaysShow: 0,
  params: [],
};

export function childTypeOf(parentType: TMenuType): TMenuType {
  return parentType === 'MENU' ? 'BUTTON' : 'MENU';
}

const text = (value: string | null | undefined): string | undefined => value ?? undefined;

/** The edit form as read (`GET /menus/{id}/form`) → dialog values. */
export function fromMenuForm(form: TMenuForm): TMenuFormValues {
  return {
    parentId: form.parentId,
    name: form.name,
    type: form.type,
    routeName: text(form.routeName),
    routePath: text(form.routePath),
    component: form.type === 'MENU' ? text(form.component) : undefined,
    perm: text(form.perm),
    visible: form.visible,
    sort: form.sort,
    icon: text(form.icon),
    redirect: text(form.redirect),
    keepAlive: form.keepAlive,
    alwaysShow: form.alwaysShow,
    params: form.params,
  };
}

const blank = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

/**
 * What is saved: the fields of the chosen type only, blanks
 * as null, params without an empty key.
 */
export function toSaveRequest(values: TMenuFormValues): TMenuSaveInput {
  const common = { parentId: values.parentId, name: values.name, type: values.type, sort: values.sort ?? 0 };
  switch (values.type) {
    case 'CATALOG':
      return {
        ...common,
        routePath: blank(values.routePath),
        visible: values.visible,
        alwaysShow: values.alwaysShow,
        icon: blank(values.icon),
        redirect: blank(values.redirect),
      };
    case 'MENU':
      return {
        ...common,
        routeName: blank(values.routeName),
        routePath: blank(values.routePath),
        component: blank(values.component),
        visible: values.visible,
        alwaysShow: values.alwaysShow,
        keepAlive: values.keepAlive,
        icon: blank(values.icon),
        redirect: blank(values.redirect),
        params: (values.params ?? [])
          .filter((param) => param.key?.trim())
          .map((param) => ({ key: (param.key ?? '').trim(), value: param.value ?? '' })),
      };
    case 'EXTLINK':
      return {
        ...common,
        routePath: blank(values.routePath),
        visible: values.visible,
        icon: blank(values.icon),
      };
    case 'BUTTON':
      return { ...common, perm: blank(values.perm) };
  }
}
