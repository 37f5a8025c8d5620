import { render, screen, within } from '@testing-library/react';
import { configsRoutes } from '@linkstore/contract';
import type { TableColumnsType } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PagedTable } from './paged-table';
import { useActionsColumn } from './row-actions';
import { consoleColumns, CONSOLE_TABLE_LAYOUT, isDateColumn } from './table-layout';
import styles from './table-layout.module.css';
import { renderConsolePage, signInOperator, signOutOperator } from './test-support';
import { TreeTable } from './tree-table';

/** The one-line class (a module's class: a string in tests too). */
const ONE_LINE = String(styles.oneLine);

interface TRow {
  id: string;
  name: string;
  createTime: string;
  settledAt: string;
}
const ROW: TRow = {
  id: '7',
  name: 'Shop name',
  createTime: '2026-11-27 17:07:00',
  settledAt: 'Nov 27, 2026, 5:07 PM',
};
const COLUMNS: TableColumnsType<TRow> = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Created', dataIndex: 'createTime' },
  { title: 'Settled', dataIndex: 'settledAt' },
];
const LIST = { items: [ROW], total: 1, pageNum: 1, pageSize: 10, isFetching: false, setPage: vi.fn() };

afterEach(signOutOperator);

describe('consoleColumns', () => {
  it('puts dates and times on one line, and pins the actions on the right, on one line', () => {
    const [name, created, settled, actions] = consoleColumns<TRow>([
      ...COLUMNS,
      { title: 'Actions', key: 'actions', render: () => null },
    ])!;
    expect(name).toEqual(COLUMNS[0]);
    expect(created?.className).toBe(ONE_LINE);
    expect(settled?.className).toBe(ONE_LINE);
    expect(actions).toMatchObject({ fixed: 'right', className: ONE_LINE });
  });

  it('keeps a column’s own class, and knows dates by their key', () => {
    const [created] = consoleColumns<TRow>([{ dataIndex: 'createTime', className: 'mine' }])!;
    expect(created?.className).toBe(`mine ${ONE_LINE}`);
    expect(isDateColumn({ key: 'publishTime' })).toBe(true);
    expect(isDateColumn({ dataIndex: 'signedUpAt' })).toBe(true);
    expect(isDateColumn({ dataIndex: 'status' })).toBe(false);
    expect(isDateColumn({ dataIndex: ['nested', 'createTime'] })).toBe(false);
  });

  it('is compact and scrolls sideways in its own box', () => {
    expect(CONSOLE_TABLE_LAYOUT).toEqual({ size: 'small', scroll: { x: 'max-content' } });
  });
});

function ListWithActions() {
  const actionsColumn = useActionsColumn<TRow>([
    { kind: 'edit', route: configsRoutes.update, ariaLabel: (row) => `Edit ${row.name}`, onClick: vi.fn() },
  ]);
  return <PagedTable<TRow> list={LIST} rowKey="id" columns={[...COLUMNS, ...actionsColumn]} />;
}

describe('the console lists', () => {
  it('PagedTable: compact rows, dates on one line, the actions column fixed on the right', async () => {
    signInOperator(['sys:config:update']);
    await renderConsolePage(ListWithActions);
    const edit = await screen.findByRole('button', { name: 'Edit Shop name' });
    const table = edit.closest('.ant-table');
    expect(table).toHaveClass('ant-table-small');
    // antd's sticky end cell: it stays in view while the rest scrolls under it.
    expect(edit.closest('td')).toHaveClass('ant-table-cell-fix-end', ONE_LINE);
    const row = edit.closest('tr')!;
    expect(within(row).getByText(ROW.createTime)).toHaveClass(ONE_LINE);
    expect(within(row).getByText(ROW.settledAt)).toHaveClass(ONE_LINE);
    expect(within(row).getByText(ROW.name)).not.toHaveClass(ONE_LINE);
  });

  it('TreeTable: laid out the same', () => {
    render(
      <TreeTable<TRow & { children?: TRow[] }>
        dataSource={[ROW]}
        columns={[...COLUMNS, { title: 'Actions', key: 'actions', render: () => 'act' }]}
        expansion={{
          expandedRowKeys: [],
          onExpandedRowsChange: vi.fn(),
          expandAll: vi.fn(),
          collapseAll: vi.fn(),
        }}
      />,
    );
    const cell = screen.getByText('act');
    expect(cell.closest('.ant-table')).toHaveClass('ant-table-small');
    expect(cell).toHaveClass('ant-table-cell-fix-end', ONE_LINE);
    expect(screen.getByText(ROW.createTime)).toHaveClass(ONE_LINE);
  });
});
