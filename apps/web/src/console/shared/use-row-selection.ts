import type { TableProps } from 'antd';
import { useState } from 'react';

/**
 * Checkbox selection of table rows for batch actions: pass `rowSelection` to the table, read
 * `selectedKeys` (row keys as strings), `clear()` after the action.
 */
export function useRowSelection<T>() {
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const rowSelection: TableProps<T>['rowSelection'] = {
    selectedRowKeys: selectedKeys,
    onChange: (keys) => setSelectedKeys(keys.map(String)),
  };
  return { selectedKeys, rowSelection, clear: () => setSelectedKeys([]) };
}
