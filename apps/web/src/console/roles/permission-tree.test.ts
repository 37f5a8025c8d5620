import type { TMenuOption } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import { hiddenByFilter, selectionFromStored, toggleLinkage, toSavedIds } from './permission-tree';

// System (1) ─ Users (2) ─ add (3), edit (4)
//            └ Roles (5) ─ add (6)
// Docs (7)
const TREE: TMenuOption[] = [
  {
    value: '1',
    label: 'System',
    children: [
      {
        value: '2',
        label: 'Users',
        children: [
          { value: '3', label: 'Add user' },
          { value: '4', label: 'Edit user' },
        ],
      },
      { value: '5', label: 'Roles', children: [{ value: '6', label: 'Add role' }] },
    ],
  },
  { value: '7', label: 'Docs' },
];

const sorted = (ids: string[]) => [...ids].sort();

describe('selectionFromStored', () => {
  it('opens linked when the leaves give back the stored set', () => {
    const selection = selectionFromStored(TREE, ['1', '2', '3', '4', '7']);
    expect(selection.isLinked).toBe(true);
    expect(sorted(selection.checked)).toEqual(['2', '3', '4', '7']);
    expect(selection.halfChecked).toEqual(['1']);
    expect(sorted(toSavedIds(selection))).toEqual(['1', '2', '3', '4', '7']);
  });

  it('opens unlinked when a page is granted without its buttons, keeping the set as stored', () => {
    const selection = selectionFromStored(TREE, ['1', '5']);
    expect(selection).toEqual({ isLinked: false, checked: ['1', '5'], halfChecked: [] });
    expect(toSavedIds(selection)).toEqual(['1', '5']);
  });

  it('leaves out ids that are no longer in the tree', () => {
    expect(selectionFromStored(TREE, ['7', '99'])).toEqual({
      isLinked: true,
      checked: ['7'],
      halfChecked: [],
    });
  });
});

describe('toggleLinkage', () => {
  it('off: every node of the set stands checked on its own', () => {
    const linked = selectionFromStored(TREE, ['1', '2', '3']);
    expect(linked.isLinked).toBe(true);
    expect(toggleLinkage(TREE, linked)).toEqual({
      isLinked: false,
      checked: expect.arrayContaining(['1', '2', '3']) as string[],
      halfChecked: [],
    });
  });

  it('on: parents follow the checked leaves; a parent without children checked drops', () => {
    const unlinked = { isLinked: false, checked: ['1', '5', '3', '4'], halfChecked: [] };
    const linked = toggleLinkage(TREE, unlinked);
    expect(linked.isLinked).toBe(true);
    expect(sorted(linked.checked)).toEqual(['2', '3', '4']);
    expect(linked.halfChecked).toEqual(['1']);
  });
});

describe('hiddenByFilter', () => {
  it('keeps matches, their ancestors and their subtree', () => {
    const hidden = hiddenByFilter(TREE, 'roles', (node) => node.label);
    expect(sorted([...hidden])).toEqual(['2', '3', '4', '7']);
    expect(hiddenByFilter(TREE, '  ', (node) => node.label).size).toBe(0);
    expect(sorted([...hiddenByFilter(TREE, 'edit', (node) => node.label)])).toEqual(['3', '5', '6', '7']);
  });
});
