import { useSyncExternalStore } from 'react';
import { DISCOUNT_CODE_KEY_PREFIX } from './discount-key';

/**
 * The contract's DISCOUNT_CODE_PATTERN, written out: its module carries zod, which the shop page
 * must not download (decision 0021); a test checks they match.
 */
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** A code as typed or linked, trimmed and upper-cased (as the contract reads it); null for junk. */
export function normalizeCode(text: string | null | undefined): string | null {
  if (!text || text.length > 64) return null;
  const code = text.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** The code a shop's link came with (`?code=SPRING20`), or null. */
export function linkedCode(search: string): string | null {
  return normalizeCode(new URLSearchParams(search).get('code'));
}

/** A shop's code the checkout will ask for; `dismissed`: the buyer closed the shop's notice of it. */
export interface TKeptCode {
  code: string;
  dismissed: boolean;
}

export interface TDiscountCodeStore {
  kept: () => TKeptCode | null;
  subscribe: (listener: () => void) => () => void;
  /** Keeps `code` (its notice shown again unless it is the code kept already); null forgets it. */
  keep: (code: string | null) => void;
  dismiss: () => void;
}

function parse(text: string | null): TKeptCode | null {
  try {
    const value = JSON.parse(text ?? 'null') as Partial<TKeptCode> | null;
    const code = normalizeCode(value?.code);
    return code ? { code, dismissed: value?.dismissed === true } : null;
  } catch {
    return null;
  }
}

/**
 * A shop's code, kept in `storage` under `discountCode:<slug>` so it survives browsing the shop
 * and reloads; read from storage each time it is asked, so it never outlives storage being
 * cleared. Where storage is blocked, it holds for this page only.
 */
export function createDiscountCodeStore(slug: string, storage: Storage = localStorage): TDiscountCodeStore {
  const key = `${DISCOUNT_CODE_KEY_PREFIX}${slug}`;
  const listeners = new Set<() => void>();
  let blocked = false;
  let memory: string | null = null;
  let text: string | null | undefined;
  let kept: TKeptCode | null = null;

  const load = (): string | null => {
    if (!blocked) {
      try {
        return storage.getItem(key);
      } catch {
        blocked = true;
      }
    }
    return memory;
  };
  const save = (next: TKeptCode | null) => {
    memory = next && JSON.stringify(next);
    try {
      if (memory === null) storage.removeItem(key);
      else storage.setItem(key, memory);
    } catch {
      blocked = true;
    }
    for (const listener of listeners) listener();
  };
  const read = () => {
    const now = load();
    // The same object while nothing changed (React compares snapshots by identity).
    if (now !== text) [text, kept] = [now, parse(now)];
    return kept;
  };

  return {
    kept: read,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    keep: (code) => {
      const current = read();
      if (code !== current?.code) save(code ? { code, dismissed: false } : null);
    },
    dismiss: () => {
      const current = read();
      if (current) save({ ...current, dismissed: true });
    },
  };
}

const stores = new Map<string, TDiscountCodeStore>();

/** The one store of a shop for this page (nothing kept on the server, where there is no storage). */
export function discountCodeFor(slug: string): TDiscountCodeStore {
  let store = stores.get(slug);
  if (!store) {
    store = createDiscountCodeStore(
      slug,
      typeof localStorage === 'undefined' ? ({ getItem: () => null } as unknown as Storage) : localStorage,
    );
    stores.set(slug, store);
  }
  return store;
}

/** The kept code, re-rendering when it changes; none on the server (and while hydrating). */
export function useKeptCode(store: TDiscountCodeStore): TKeptCode | null {
  return useSyncExternalStore(store.subscribe, store.kept, () => null);
}
