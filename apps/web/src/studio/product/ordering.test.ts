import type { TShopCategory } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import { applyOrder, findCategory, movedIds, reorderCategoryTree } from './ordering';

const category = (id: string, parentId: string, children: TShopCategory[] = []): TShopCategory => ({
  id,
  parentId,
  name: `Category ${id}`,
  iconUrl: null,
  productCount: 1,
  children,
});
const TREE = [
  category('1', '0', [category('2', '1'), category('3', '1')]),
  category('4', '0', [category('5', '4'), category('6', '4'), category('7', '4')]),
];

describe('movedIds', () => {
  it('moves the dragged id to the place of the one it was dropped on', () => {
    expect(movedIds(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(movedIds(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
  });

  it('answers null when nothing moved', () => {
    expect(movedIds(['a', 'b'], 'a', 'a')).toBeNull();
    expect(movedIds(['a', 'b'], 'a', null)).toBeNull();
    expect(movedIds(['a', 'b'], 'a', 'z')).toBeNull();
  });
});

describe('applyOrder', () => {
  it('puts items in the order of the ids, unnamed ones last', () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(applyOrder(items, ['c', 'a']).map((item) => item.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('reorderCategoryTree', () => {
  it('reorders the first level', () => {
    expect(reorderCategoryTree(TREE, '0', ['4', '1']).map((item) => item.id)).toEqual(['4', '1']);
  });

  it('reorders the subcategories of one parent only', () => {
    const tree = reorderCategoryTree(TREE, '4', ['7', '5', '6']);
    expect(tree[1]?.children.map((item) => item.id)).toEqual(['7', '5', '6']);
    expect(tree[0]).toBe(TREE[0]);
    expect(TREE[1]?.children.map((item) => item.id)).toEqual(['5', '6', '7']);
  });
});

describe('findCategory', () => {
  it('finds first- and second-level categories', () => {
    expect(findCategory(TREE, '4')?.name).toBe('Category 4');
    expect(findCategory(TREE, '6')?.parentId).toBe('4');
    expect(findCategory(TREE, '99')).toBeUndefined();
  });
});
