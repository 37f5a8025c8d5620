import type { TRouteDef } from '@linkstore/contract';
import type { FormRule } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { TFiltersOf, TItemOf, TPagedRoute } from '../shared/use-paged-list';

/**
 * A console list page described by one object (the original console's CURD configs:
 * `PageSearch`, `PageContent`, `PageModal`): what to search by, which columns to show, the form
 * and the contract routes. `ConfigCrudPage` draws it with the shared console parts. Every button
 * is shown by the access of the route it calls (Add → `create`, Edit → `update`, Delete →
 * `delete`): the permissions are the contract's, never typed in the page, and the server checks
 * them again.
 */

export interface TOption {
  value: string | number;
  label: string;
}

type TNameOf<T> = Extract<keyof T, string>;

/** A field of the search bar, named as the page route's query names it. */
export type TSearchField<TFilters> = {
  name: TNameOf<TFilters>;
  label: string;
  placeholder?: string;
} & (
  | { type: 'input' }
  | { type: 'select'; options: readonly TOption[] }
  /** A dictionary's items as the options (`gender`). */
  | { type: 'dict'; dictCode: string }
);

/** A column of the table, reading one field of the page's rows. */
export type TColumn<TItem> = {
  name: TNameOf<TItem>;
  title: string;
  width?: number;
} & (
  | { type?: 'text' }
  /** The value as its dictionary label, a coloured tag. */
  | { type: 'dict'; dictCode: string }
  | { type: 'custom'; render: (item: TItem) => ReactNode }
);

/** A field of the add/edit form. */
export type TFormField<TValues> = {
  name: TNameOf<TValues>;
  label: string;
  /**
   * The field's schema from the contract (`ZUserRequest.shape.username`): the value is checked
   * with it in the browser, `message` shown when it fails; the server checks it again.
   */
  schema?: z.ZodType;
  message?: string;
  required?: boolean;
  /** Only in the add form (a first password) or only in the edit form. */
  only?: 'create' | 'edit';
  placeholder?: string;
} & (
  | { type: 'input' | 'password' | 'textarea' }
  | { type: 'select'; options: readonly TOption[]; isMultiple?: boolean }
  | { type: 'dict-radio' | 'dict-select'; dictCode: string }
  /** Any control (`<RolesSelect/>`): antd's Form.Item gives it `value` and `onChange`. */
  | { type: 'custom'; render: () => ReactNode }
);

/** The routes behind the page; `page` answers `{list, total}` for the filters and page. */
export interface TCrudRoutes<R extends TPagedRoute> {
  page: R;
  /** `GET …/:id/form`: the record to edit. */
  form: TRouteDef;
  create: TRouteDef;
  /** `PUT …/:id`. */
  update: TRouteDef;
  /** `DELETE …/:ids` (comma-joined). */
  delete: TRouteDef;
}

export interface TCrudConfig<R extends TPagedRoute, TValues extends object> {
  /** The page heading. */
  title: string;
  routes: TCrudRoutes<R>;
  /** The rows' id field. */
  rowKey: TNameOf<TItemOf<R>>;
  /** How a row is named in the accessible names of its buttons ("Edit alice"). */
  itemName: (item: TItemOf<R>) => string;
  search: {
    initialValues: TFiltersOf<R>;
    fields: readonly TSearchField<TFiltersOf<R>>[];
  };
  columns: readonly TColumn<TItemOf<R>>[];
  form: {
    /** Form name, the prefix of its fields' ids (unique on the page). */
    name: string;
    addTitle: string;
    editTitle: string;
    initialValues: Partial<TValues>;
    fields: readonly TFormField<TValues>[];
  };
  /** The accessible names of a row's Edit and Delete buttons. */
  actionLabels: { edit: (name: string) => string; delete: (name: string) => string };
}

/** Typed in one place: `defineCrud<…>(…)` checks field names against the routes' schemas. */
export function defineCrud<R extends TPagedRoute, TValues extends object>(
  config: TCrudConfig<R, TValues>,
): TCrudConfig<R, TValues> {
  return config;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * An antd rule checking the value with a contract schema. A blank value of a required field is
 * left to the "required" rule (one message, not two).
 */
export function zodRule(schema: z.ZodType, message: string, isRequired = false): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      (isRequired && isBlank(value)) || schema.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

/** The form's fields when adding (`id` undefined) or editing. */
export function formFieldsFor<TValues>(
  fields: readonly TFormField<TValues>[],
  id: string | undefined,
): TFormField<TValues>[] {
  const mode = id === undefined ? 'create' : 'edit';
  return fields.filter((field) => field.only === undefined || field.only === mode);
}
