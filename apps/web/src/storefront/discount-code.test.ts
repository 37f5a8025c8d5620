import { DISCOUNT_CODE_PATTERN } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import { CODE_PATTERN, createDiscountCodeStore, linkedCode, normalizeCode } from './discount-code';

describe('discount code', () => {
  it('reads a link’s code as the contract does, and ignores junk', () => {
    expect(CODE_PATTERN.source).toBe(DISCOUNT_CODE_PATTERN.source);
    expect(linkedCode('?code=spring20')).toBe('SPRING20');
    expect(linkedCode('?lang=fr&code=%20Launch-10%20')).toBe('LAUNCH-10');
    expect(linkedCode('?code=')).toBeNull();
    expect(linkedCode('?q=tea')).toBeNull();
    for (const junk of ['AB', '-SALE', 'SPRING 20', 'ÉTÉ20', `A${'B'.repeat(32)}`, '<script>']) {
      expect(linkedCode(`?code=${encodeURIComponent(junk)}`), junk).toBeNull();
    }
    expect(normalizeCode(`${' '.repeat(60)}SALE5`)).toBeNull();
  });

  it('is kept per shop and survives a reload', () => {
    const store = createDiscountCodeStore('demo');
    const notified: (string | undefined)[] = [];
    store.subscribe(() => notified.push(store.kept()?.code));
    store.keep('SPRING20');
    expect(store.kept()).toEqual({ code: 'SPRING20', dismissed: false });
    // The same object while nothing changed (useSyncExternalStore's snapshot).
    expect(store.kept()).toBe(store.kept());
    expect(createDiscountCodeStore('demo').kept()).toEqual({ code: 'SPRING20', dismissed: false });
    expect(createDiscountCodeStore('other').kept()).toBeNull();
    store.keep(null);
    expect(localStorage.getItem('discountCode:demo')).toBeNull();
    expect(notified).toEqual(['SPRING20', undefined]);
  });

  it('keeps the notice hidden for the same code, and shows it again for a new one', () => {
    const store = createDiscountCodeStore('demo');
    store.keep('SPRING20');
    store.dismiss();
    store.keep('SPRING20');
    expect(createDiscountCodeStore('demo').kept()).toEqual({ code: 'SPRING20', dismissed: true });
    store.keep('SUMMER5');
    expect(store.kept()).toEqual({ code: 'SUMMER5', dismissed: false });
  });

  it('ignores what storage holds that is no code, and holds one where storage is blocked', () => {
    localStorage.setItem('discountCode:broken', '{not json');
    expect(createDiscountCodeStore('broken').kept()).toBeNull();
    localStorage.setItem('discountCode:odd', JSON.stringify({ code: 'no good' }));
    expect(createDiscountCodeStore('odd').kept()).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    const store = createDiscountCodeStore('demo', blocked);
    expect(store.kept()).toBeNull();
    store.keep('SPRING20');
    expect(store.kept()?.code).toBe('SPRING20');
  });
});
