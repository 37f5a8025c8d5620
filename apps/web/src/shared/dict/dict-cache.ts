/**
 * The dictionary cache (dictCode → items, SPEC.md §7 `/api/v1/dict/list`). The dictionary
 * feature fills it later; the session already clears it on logout and expiry.
 */
export interface TDictItem {
  value: string;
  label: string;
  [field: string]: unknown;
}

const cache = new Map<string, TDictItem[]>();

export const dictCache = {
  get: (dictCode: string): TDictItem[] | undefined => cache.get(dictCode),
  set: (dictCode: string, items: TDictItem[]): void => {
    cache.set(dictCode, items);
  },
  get size(): number {
    return cache.size;
  },
};

export function clearDictCache(): void {
  cache.clear();
}
