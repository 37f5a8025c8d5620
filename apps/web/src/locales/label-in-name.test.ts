import { LANGUAGES } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';

const bundles = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

/** "system:crud.action.edit" in `language`. */
function text(language: string, key: string): string {
  const [namespace = '', path = ''] = key.split(':');
  let node: unknown = bundles[`./${language}/${namespace}.json`];
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${language}:${key}`);
  return node;
}

const EDIT = 'system:crud.action.edit';
const DELETE = 'system:crud.action.delete';

/**
 * Row buttons (console, and the studio dashboard's): the visible text, and the accessible name that also says which record.
 * WCAG 2.5.3 (label in name): the name contains the text shown, in every language.
 */
const ROW_BUTTONS: Array<[visible: string, name: string]> = [
  ['catalog:category.action.addChildShort', 'catalog:category.action.addChild'],
  [EDIT, 'catalog:category.action.edit'],
  [DELETE, 'catalog:category.action.delete'],
  [EDIT, 'catalog:product.action.edit'],
  [DELETE, 'catalog:product.action.delete'],
  [EDIT, 'catalog:banner.action.edit'],
  [DELETE, 'catalog:banner.action.delete'],
  [DELETE, 'catalog:review.action.delete'],
  [EDIT, 'users:action.edit'],
  [DELETE, 'users:action.delete'],
  ['users:action.resetPassword', 'users:action.resetPasswordOf'],
  ['system:menus.action.addChildShort', 'system:menus.action.addChild'],
  [EDIT, 'system:menus.action.edit'],
  [DELETE, 'system:menus.action.delete'],
  [EDIT, 'dicts:item.action.edit'],
  [DELETE, 'dicts:item.action.delete'],
  [EDIT, 'dicts:dict.action.edit'],
  [DELETE, 'dicts:dict.action.delete'],
  ['reconciliation:runs.show', 'reconciliation:runs.showLabel'],
  ['system:depts.action.addChildShort', 'system:depts.action.addChild'],
  [EDIT, 'system:depts.action.edit'],
  [DELETE, 'system:depts.action.delete'],
  [EDIT, 'system:configs.action.edit'],
  [DELETE, 'system:configs.action.delete'],
  ['system:roles.action.permissionsShort', 'system:roles.action.permissions'],
  [EDIT, 'system:roles.action.edit'],
  [DELETE, 'system:roles.action.delete'],
  // The studio dashboard's top products: a product's sales by variant, on demand.
  ['studio:home.dashboard.products.variants.toggle', 'studio:home.dashboard.products.variants.toggleName'],
];

describe('accessible names contain the visible text (label in name)', () => {
  it.each(LANGUAGES)('%s', (language) => {
    const mismatches = ROW_BUTTONS.filter(
      ([visible, name]) =>
        !text(language, name).toLowerCase().includes(text(language, visible).toLowerCase()),
    ).map(([visible, name]) => `${name} "${text(language, name)}" lacks "${text(language, visible)}"`);
    expect(mismatches).toEqual([]);
  });
});
