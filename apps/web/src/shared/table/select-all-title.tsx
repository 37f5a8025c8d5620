import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { useContext, type ReactNode } from 'react';

/**
 * Nothing inside antd's hidden measure row, its children elsewhere. antd copies every column
 * title into an `aria-hidden` row it only measures; a "select all" checkbox copied there is a
 * control screen readers are told is not there but the keyboard still reaches (axe
 * `aria-hidden-focus`).
 */
export function NotInMeasureRow({ children }: { children: ReactNode }) {
  return useContext(TableMeasureRowContext) ? null : children;
}

/** `rowSelection.columnTitle` for tables with "select all": the checkbox, not copied. */
export function selectAllTitle(checkbox: ReactNode): ReactNode {
  return <NotInMeasureRow>{checkbox}</NotInMeasureRow>;
}
