import { variantTitle } from '@linkstore/contract';
import { useSyncExternalStore } from 'react';

/**
 * A variant of a product in the cart, with what the cart page shows so it renders without a
 * request. A line kept from before variants has no `variantId`: checkout sells it as the product's
 * first variant on sale.
 */
export interface TCartLine {
  productId: string;
  variantId?: string | undefined;
  /** "M / Black" in the language it was added in; '' or missing without options. */
  variantLabel?: string | undefined;
  title: string;
  imageUrl: string | null;
  /** The selling price when it was added, US cents; checkout freezes the current one. */
  priceMinor: number;
  quantity: number;
  /** Units that could be ordered when it was added. */
  stock: number;
}

/** The checkout takes at most 20 products, each at most 99 times (the contract's limits). */
export const MAX_LINES = 20;
export const MAX_QUANTITY = 99;

/** The most of a product one order may take: 99, or the stock when lower (at least 1). */
export function maxQuantity(stock: number): number {
  return Math.max(1, Math.min(MAX_QUANTITY, stock));
}

/** A quantity within 1 and maxQuantity (never 0, so a line does not silently vanish). */
export function clampQuantity(quantity: number, stock: number): number {
  return Math.min(maxQuantity(stock), Math.max(1, Math.trunc(quantity) || 1));
}

/** What tells two lines apart: the variant, or the product for a line from before variants. */
export function lineKey(line: Pick<TCartLine, 'productId' | 'variantId'>): string {
  return line.variantId ? `${line.productId}:${line.variantId}` : line.productId;
}

/** The product's title with its variant: "Hoodie — M / Black". */
export function lineTitle(line: Pick<TCartLine, 'title' | 'variantLabel'>): string {
  return variantTitle(line.title, line.variantLabel);
}

export interface TCartStore {
  lines: () => readonly TCartLine[];
  subscribe: (listener: () => void) => () => void;
  /** Adds `quantity` (to what is there); false when the cart already holds 20 other lines. */
  add: (line: Omit<TCartLine, 'quantity'>, quantity: number) => boolean;
  /** `key`: the line's `lineKey`. */
  setQuantity: (key: string, quantity: number) => void;
  remove: (key: string) => void;
  clear: () => void;
}

function isLine(value: unknown): value is TCartLine {
  const line = value as TCartLine | null;
  return (
    typeof line?.productId === 'string' &&
    (line.variantId === undefined || typeof line.variantId === 'string') &&
    (line.variantLabel === undefined || typeof line.variantLabel === 'string') &&
    typeof line.title === 'string' &&
    Number.isInteger(line.priceMinor) &&
    Number.isInteger(line.quantity) &&
    Number.isInteger(line.stock)
  );
}

/** A line kept before money amounts were named `…Minor` (`priceCents`) reads as it is now. */
function fromEarlierShape(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('priceCents' in value) || 'priceMinor' in value) {
    return value;
  }
  const { priceCents, ...rest } = value;
  return { ...rest, priceMinor: priceCents };
}

/** A shop's cart, kept in `storage` under `cart:<slug>` so it survives reloads and new tabs. */
export function createCartStore(slug: string, storage: Storage = localStorage): TCartStore {
  const key = `cart:${slug}`;
  const listeners = new Set<() => void>();
  let lines: readonly TCartLine[] = read();

  function read(): TCartLine[] {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.map(fromEarlierShape).filter(isLine) : [];
    } catch {
      return [];
    }
  }

  function write(next: readonly TCartLine[]): void {
    lines = next;
    try {
      if (next.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or blocked (private mode): the cart lives for this page only.
    }
    for (const listener of listeners) listener();
  }

  return {
    lines: () => lines,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add: (line, quantity) => {
      const key = lineKey(line);
      const existing = lines.find((l) => lineKey(l) === key);
      if (!existing && lines.length >= MAX_LINES) return false;
      const total = clampQuantity((existing?.quantity ?? 0) + quantity, line.stock);
      const next = { ...line, quantity: total };
      write(existing ? lines.map((l) => (lineKey(l) === key ? next : l)) : [...lines, next]);
      return true;
    },
    setQuantity: (key, quantity) =>
      write(
        lines.map((l) => (lineKey(l) === key ? { ...l, quantity: clampQuantity(quantity, l.stock) } : l)),
      ),
    remove: (key) => write(lines.filter((l) => lineKey(l) !== key)),
    clear: () => write([]),
  };
}

const stores = new Map<string, TCartStore>();

/** The one store of a shop for this page. */
const NO_LINES: readonly TCartLine[] = [];
const serverLines = () => NO_LINES;

/** Storage on the server, where there is none: always empty, nothing kept. */
const NO_STORAGE: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

export function cartFor(slug: string): TCartStore {
  let store = stores.get(slug);
  if (!store) {
    store = createCartStore(
      slug,
      typeof localStorage === 'undefined' ? (NO_STORAGE as Storage) : localStorage,
    );
    stores.set(slug, store);
  }
  return store;
}

/** The cart's lines, re-rendering when they change. */
export function useCartLines(store: TCartStore): readonly TCartLine[] {
  // Rendered on the server (and hydrated) empty: the stored cart shows right after.
  return useSyncExternalStore(store.subscribe, store.lines, serverLines);
}

/** Units in the cart (the header's badge). */
export function countUnits(lines: readonly TCartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The cart's total in US cents (integers). */
export function totalMinor(lines: readonly TCartLine[]): number {
  return lines.reduce((sum, line) => sum + line.priceMinor * line.quantity, 0);
}

/**
 * The order being paid, set when the buyer leaves to pay and removed by `/payresult`: back in the
 * cart with it still set, the buyer cancelled the payment (the provider's cancel address is the cart).
 */
export const PAYING_STORAGE_KEY = 'storefrontPaying';
