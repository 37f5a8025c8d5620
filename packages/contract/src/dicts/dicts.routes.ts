import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZDictCodeParams,
  ZDictForm,
  ZDictIdParams,
  ZDictIdsParams,
  ZDictItemForm,
  ZDictItemPage,
  ZDictItemPageQuery,
  ZDictItemRequest,
  ZDictList,
  ZDictOptions,
  ZDictPage,
  ZDictPageQuery,
  ZDictRequest,
} from './dicts.schema';

const tags = ['dict'] as const;

/**
 * Dictionaries. Upstream left the pages open to any signed-in user; here the console endpoints
 * declare their permission. The list and the options are what every form and table reads, so
 * any signed-in operator may call them.
 */
export const dictsRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/dict/page',
    summary: 'Dictionaries, a page at a time, by keywords on name or code',
    tags,
    query: ZDictPageQuery,
    response: ZDictPage,
    access: { permission: 'sys:dict:query' },
  },
  list: {
    method: 'GET',
    path: '/api/v1/dict/list',
    summary: "Every active dictionary with its active items in sort order, labels in the caller's language",
    tags,
    response: ZDictList,
    access: { permission: null },
  },
  form: {
    method: 'GET',
    path: '/api/v1/dict/:id/form',
    summary: "A dictionary's form data",
    tags,
    params: ZDictIdParams,
    response: ZDictForm,
    access: { permission: 'sys:dict:query' },
  },
  create: {
    method: 'POST',
    path: '/api/v1/dict',
    summary: 'Creates a dictionary; the code must be unused',
    tags,
    body: ZDictRequest,
    response: ZDictForm,
    access: { permission: 'sys:dict:add' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/dict/:id',
    summary: 'Edits a dictionary; a changed code must be unused, and the items move with it',
    tags,
    params: ZDictIdParams,
    body: ZDictRequest,
    response: ZDictForm,
    access: { permission: 'sys:dict:edit' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/dict/:ids',
    summary: 'Deletes dictionaries and their items by comma-joined ids, all or none',
    tags,
    params: ZDictIdsParams,
    response: z.null(),
    access: { permission: 'sys:dict:delete' },
  },
});

export const dictItemsRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/dict-data/page',
    summary: "A dictionary's items, a page at a time, in sort order, by keywords on value or label",
    tags,
    query: ZDictItemPageQuery,
    response: ZDictItemPage,
    access: { permission: 'sys:dict-data:query' },
  },
  form: {
    method: 'GET',
    path: '/api/v1/dict-data/:id/form',
    summary: "An item's form data, with its label in every language",
    tags,
    params: ZDictIdParams,
    response: ZDictItemForm,
    access: { permission: 'sys:dict-data:query' },
  },
  create: {
    method: 'POST',
    path: '/api/v1/dict-data',
    summary: 'Adds an item to a dictionary; the value must be unused in it',
    tags,
    body: ZDictItemRequest,
    response: ZDictItemForm,
    access: { permission: 'sys:dict-data:add' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/dict-data/:id',
    summary: 'Edits an item; the value must be unused by another item of its dictionary',
    tags,
    params: ZDictIdParams,
    body: ZDictItemRequest,
    response: ZDictItemForm,
    access: { permission: 'sys:dict-data:edit' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/dict-data/:ids',
    summary: 'Deletes items by comma-joined ids, all or none',
    tags,
    params: ZDictIdsParams,
    response: z.null(),
    access: { permission: 'sys:dict-data:delete' },
  },
  options: {
    method: 'GET',
    path: '/api/v1/dict-data/:dictCode/options',
    summary: "An active dictionary's active items as options {value, label, tag}, in the caller's language",
    tags,
    params: ZDictCodeParams,
    response: ZDictOptions,
    access: { permission: null },
  },
});
