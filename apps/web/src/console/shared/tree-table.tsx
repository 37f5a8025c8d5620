import { Button, Table, type TableProps } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_TABLE_LAYOUT, consoleColumns } from './table-layout';
import { parentKeys, type TTreeNode } from './tree';

type TTreeRow<T> = TTreeNode<T> & { id: string };

export interface TTreeExpansion {
  expandedRowKeys: string[];
  onExpandedRowsChange: (keys: readonly Key[]) => void;
  /** Opens every row with children (the default, and what a new search should do). */
  expandAll: () => void;
  collapseAll: () => void;
}

/** Which rows of a tree table are open: all of them until the user folds some. */
export function useTreeExpansion<T extends TTreeRow<T>>(rows: readonly T[]): TTreeExpansion {
  // null: every row with children open.
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const allParents = useMemo(() => parentKeys(rows, (row) => row.id), [rows]);
  return {
    expandedRowKeys: expanded ?? allParents,
    onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
    expandAll: () => setExpanded(null),
    collapseAll: () => setExpanded([]),
  };
}

/** The toolbar's "Expand all" and "Collapse all" buttons of a tree table. */
export function ExpandButtons({ expansion }: { expansion: TTreeExpansion }) {
  const { t } = useTranslation('system');
  return (
    <>
      <Button onClick={expansion.expandAll}>{t('crud.action.expandAll')}</Button>
      <Button onClick={expansion.collapseAll}>{t('crud.action.collapseAll')}</Button>
    </>
  );
}

/**
 * An antd table of a whole tree (departments, menus, categories): keyed by id, no pages, laid
 * out as every console list (`CONSOLE_TABLE_LAYOUT`, `consoleColumns`).
 */
export function TreeTable<T extends TTreeRow<T>>({
  expansion,
  ...tableProps
}: Omit<TableProps<T>, 'expandable' | 'rowKey' | 'pagination'> & { expansion: TTreeExpansion }) {
  return (
    <Table<T>
      {...CONSOLE_TABLE_LAYOUT}
      rowKey="id"
      pagination={false}
      {...tableProps}
      columns={consoleColumns(tableProps.columns)}
      expandable={{
        expandedRowKeys: expansion.expandedRowKeys,
        onExpandedRowsChange: expansion.onExpandedRowsChange,
      }}
    />
  );
}
