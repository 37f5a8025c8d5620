import type { TableColumnType, TableColumnsType, TableProps } from 'antd';
import styles from './table-layout.module.css';

/**
 * How every wide console list is laid out: compact rows, and a table that scrolls sideways in
 * its own box (the page never does) once its columns are wider than the screen — so a column
 * fixed on the right stays in view in every layout (left, top, mix) and at every width.
 */
export const CONSOLE_TABLE_LAYOUT = {
  size: 'small',
  scroll: { x: 'max-content' },
} as const satisfies Pick<TableProps<object>, 'size' | 'scroll'>;

/** The column key (or data index) of a date or time: `createTime`, `publishTime`, `createdAt`, `settledAt`… */
const DATE_KEY = /(?:Time|At)$/;

function keyOf<T>(column: TableColumnType<T>): string {
  if (typeof column.key === 'string') return column.key;
  return typeof column.dataIndex === 'string' ? column.dataIndex : '';
}

/** True for the row actions column (`useActionsColumn`'s, or any other keyed `actions`). */
export const isActionsColumn = <T>(column: TableColumnType<T>): boolean => keyOf(column) === 'actions';

/** True for a column showing a date or a time, by its key. */
export const isDateColumn = <T>(column: TableColumnType<T>): boolean => DATE_KEY.test(keyOf(column));

/** The column, its cells (and its heading) kept on one line. */
export function oneLine<T>(column: TableColumnType<T>): TableColumnType<T> {
  const className = [column.className, styles.oneLine].filter(Boolean).join(' ');
  return { ...column, className };
}

/**
 * The console's column rules, applied once for every list: dates and times on one line; the
 * row actions on one line and fixed on the right (antd's `fixed: 'right'`, with the table's
 * `scroll.x`). Other columns are left as the page wrote them; column groups are left alone.
 */
export function consoleColumns<T>(columns: TableColumnsType<T> | undefined): TableColumnsType<T> | undefined {
  return columns?.map((column) => {
    if ('children' in column) return column;
    if (isActionsColumn(column)) return oneLine({ ...column, fixed: 'right' as const });
    if (isDateColumn(column)) return oneLine(column);
    return column;
  });
}
