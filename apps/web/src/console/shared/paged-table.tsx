import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSOLE_TABLE_LAYOUT, consoleColumns } from './table-layout';
import { useFocusableScroll } from './use-focusable-scroll';
import { PAGE_SIZE_OPTIONS, type TPagedList } from './use-paged-list';

/** What the table reads of a paged list (any filters). */
export type TPagedTableList<T> = Pick<
  TPagedList<T>,
  'items' | 'total' | 'pageNum' | 'pageSize' | 'isFetching' | 'setPage'
>;

export interface TPagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading'> {
  /** From `usePagedList`: rows, total, page and the page change. */
  list: TPagedTableList<T>;
}

/**
 * antd's Table fed by `usePagedList`: rows, loading state and the pagination (total, page size
 * changer) wired to the list. Columns, `rowKey` and `rowSelection` are passed as to `Table`;
 * laid out as every console list (`CONSOLE_TABLE_LAYOUT`, `consoleColumns`): compact rows, dates
 * on one line, the actions column fixed on the right.
 */
export function PagedTable<T extends object>({ list, ...tableProps }: TPagedTableProps<T>) {
  const { t } = useTranslation('system');
  const scrollBox = useFocusableScroll<HTMLDivElement>();
  return (
    <div ref={scrollBox}>
      <Table<T>
        {...CONSOLE_TABLE_LAYOUT}
        {...tableProps}
        columns={consoleColumns(tableProps.columns)}
        dataSource={list.items}
        loading={list.isFetching}
        pagination={{
          current: list.pageNum,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (total) => t('crud.table.total', { total }),
          onChange: list.setPage,
        }}
      />
    </div>
  );
}
