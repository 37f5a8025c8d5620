import { describe, expect, it } from 'vitest';
import { countUnits, createCartStore, MAX_LINES, totalMinor } from './cart';

const teapot = { productId: '1', title: 'Teapot', imageUrl: null, priceMinor: 1999, stock: 5 };

describe('cart store', () => {
  it('adds, merges and keeps quantities within 1…99 and the stock', () => {
    const cart = createCartStore('demo');
    expect(cart.add(teapot, 2)).toBe(true);
    expect(cart.add(teapot, 2)).toBe(true);
    expect(cart.lines()).toHaveLength(1);
    expect(cart.lines()[0]?.quantity).toBe(4);
    cart.add(teapot, 10);
    expect(cart.lines()[0]?.quantity).toBe(5);
    cart.setQuantity('1', 0);
    expect(cart.lines()[0]?.quantity).toBe(1);
    cart.add({ ...teapot, productId: '2', stock: 500 }, 150);
    expect(cart.lines()[1]?.quantity).toBe(99);
    expect(countUnits(cart.lines())).toBe(100);
    expect(totalMinor(cart.lines())).toBe(1999 * 100);
  });

  it('is kept per shop in storage and survives a new page', () => {
    const notified: number[] = [];
    const cart = createCartStore('demo');
    cart.subscribe(() => notified.push(cart.lines().length));
    cart.add(teapot, 1);
    expect(createCartStore('demo').lines()).toEqual([{ ...teapot, quantity: 1 }]);
    expect(createCartStore('other').lines()).toEqual([]);
    cart.remove('1');
    expect(localStorage.getItem('cart:demo')).toBeNull();
    expect(notified).toEqual([1, 0]);
  });

  it('refuses a product beyond the 20 one order takes, and ignores unreadable storage', () => {
    const cart = createCartStore('demo');
    for (let i = 1; i <= MAX_LINES; i += 1) cart.add({ ...teapot, productId: String(i) }, 1);
    expect(cart.add({ ...teapot, productId: '99' }, 1)).toBe(false);
    expect(cart.add({ ...teapot, productId: '3' }, 1)).toBe(true);
    cart.clear();
    localStorage.setItem('cart:broken', '{not json');
    expect(createCartStore('broken').lines()).toEqual([]);
    localStorage.setItem('cart:odd', JSON.stringify([{ productId: 1 }, { ...teapot, quantity: 2 }]));
    expect(createCartStore('odd').lines()).toHaveLength(1);
  });

  it('keeps a cart stored before prices were named priceMinor', () => {
    const { priceMinor, ...rest } = teapot;
    localStorage.setItem('cart:earlier', JSON.stringify([{ ...rest, priceCents: priceMinor, quantity: 2 }]));
    expect(createCartStore('earlier').lines()).toEqual([{ ...teapot, quantity: 2 }]);
  });
});
