import type { TRouteDef } from '@linkstore/contract';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useCanCall } from '../../shared/permission/access';
import { selectAllTitle } from '../../shared/table/select-all-title';

export interface TRowSelection<T> {
  /** Row keys as strings. */
  selectedKeys: string[];
  /** For the table; undefined (no checkboxes) when the user may not call the batch route. */
  rowSelection: TableProps<T>['rowSelection'];
  clear: () => void;
}

/**
 * Checkbox selection of table rows for a batch action: pass `rowSelection` to the table, read
 * `selectedKeys`, `clear()` after the action. With the batch routes (`delete`, …), the
 * checkboxes show only to users who may call one of them.
 */
export function useRowSelection<T>(...batchRoutes: Pick<TRouteDef, 'access'>[]): TRowSelection<T> {
  const canCall = useCanCall();
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const rowSelection: TableProps<T>['rowSelection'] = {
    selectedRowKeys: selectedKeys,
    columnTitle: selectAllTitle,
    onChange: (keys) => setSelectedKeys(keys.map(String)),
  };
  return {
    selectedKeys,
    rowSelection: batchRoutes.length === 0 || batchRoutes.some(canCall) ? rowSelection : undefined,
    clear: () => setSelectedKeys([]),
  };
}
