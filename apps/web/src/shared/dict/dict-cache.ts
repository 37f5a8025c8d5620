import { ZDictListItem, type TDictList, type TDictListItem } from '@linkstore/contract';
import { z } from 'zod';
import { create } from 'zustand';
import { readJson, removeKey, writeJson } from '../preferences/local-storage';
import { StorageKey } from '../preferences/storage-keys';
import { sessionEvents } from '../session/session-events';

/**
 * The dictionary cache (`/api/v1/dict/list`): dictCode → items,
 * with labels in the language they were loaded in. Kept in localStorage `dictionary` so tags
 * and selects have their labels at once after a reload; cleared on logout and session expiry.
 */
export type TDictItem = Pick<TDictListItem, 'value' | 'label'> & { tagType?: TDictListItem['tagType'] };
export type TDictMap = Record<string, TDictItem[]>;

const ZDictMap = z.record(z.string(), z.array(ZDictListItem.partial({ tagType: true })));

const isDictMap = (value: unknown): value is TDictMap => ZDictMap.safeParse(value).success;

export interface TDictState {
  dicts: TDictMap;
  /** Counts the clears: a load that started before one must not put its answer back. */
  epoch: number;
}

export const useDictStore = create<TDictState>()(() => ({
  dicts: readJson(StorageKey.dictionary, isDictMap) ?? {},
  epoch: 0,
}));

function store(dicts: TDictMap): void {
  writeJson(StorageKey.dictionary, dicts);
  useDictStore.setState({ dicts });
}

export const dictCache = {
  get: (dictCode: string): TDictItem[] | undefined => useDictStore.getState().dicts[dictCode],
  set: (dictCode: string, items: TDictItem[]): void => {
    store({ ...useDictStore.getState().dicts, [dictCode]: items });
  },
  /** Replaces the whole cache with the answer of `/dict/list`. */
  setAll: (list: TDictList): void => {
    store(Object.fromEntries(list.map((entry) => [entry.dictCode, entry.dictDataList])));
  },
  get size(): number {
    return Object.keys(useDictStore.getState().dicts).length;
  },
};

/** Logout and session expiry: nothing loaded for one user is kept for the next. */
export function clearDictCache(): void {
  removeKey(StorageKey.dictionary);
  useDictStore.setState(({ epoch }) => ({ dicts: {}, epoch: epoch + 1 }));
}

// Signed out by any path (logout, expiry, a test's sign-out): the next user loads their own.
sessionEvents.on('tokenCleared', clearDictCache);
