import { describe, expect, it } from 'vitest';
import { parentTreeData, TOP_PARENT } from './parent-tree-select';

const OPTIONS = [
  {
    value: '1',
    label: 'Head office',
    children: [{ value: '2', label: 'R&D', children: [{ value: '3', label: 'QA' }] }],
  },
  { value: '4', label: 'Sales' },
];

describe('parentTreeData', () => {
  it('puts every option under the top level', () => {
    const [top] = parentTreeData(OPTIONS, { editedId: undefined, topTitle: 'Top' });
    expect(top).toMatchObject({ value: TOP_PARENT, title: 'Top' });
    expect(top?.children).toEqual([
      {
        value: '1',
        title: 'Head office',
        disabled: false,
        children: [
          {
            value: '2',
            title: 'R&D',
            disabled: false,
            children: [{ value: '3', title: 'QA', disabled: false }],
          },
        ],
      },
      { value: '4', title: 'Sales', disabled: false },
    ]);
  });

  it('disables the edited record and its branch, and titles options with titleOf', () => {
    const [top] = parentTreeData(OPTIONS, {
      editedId: '2',
      topTitle: 'Top',
      titleOf: (option) => option.label.toUpperCase(),
    });
    const [head, sales] = top?.children ?? [];
    expect(head).toMatchObject({ title: 'HEAD OFFICE', disabled: false });
    expect(head?.children?.[0]).toMatchObject({ value: '2', disabled: true });
    expect(head?.children?.[0]?.children?.[0]).toMatchObject({ value: '3', disabled: true });
    expect(sales).toMatchObject({ title: 'SALES', disabled: false });
  });
});
