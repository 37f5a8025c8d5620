import { useEffect } from 'react';
import { useDictStore, type TDictItem } from './dict-cache';
import { ensureDictionaries } from './dict-loader';

const NONE: TDictItem[] = [];

/**
 * The items of one dictionary from the cache, following it (a reload in another language, a
 * logout); asks for the dictionaries if this sign-in has not loaded them yet.
 */
export function useDictItems(code: string): TDictItem[] {
  const items = useDictStore((state) => state.dicts[code]);
  useEffect(() => {
    void ensureDictionaries();
  }, []);
  return items ?? NONE;
}
