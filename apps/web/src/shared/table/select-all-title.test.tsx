import { render, screen } from '@testing-library/react';
import { Table, type TableProps } from 'antd';
import { describe, expect, it } from 'vitest';
import { selectAllTitle } from './select-all-title';

const rows = [
  { id: '1', name: 'One' },
  { id: '2', name: 'Two' },
];

function renderTable(rowSelection: TableProps<(typeof rows)[number]>['rowSelection']) {
  return render(
    <Table
      rowKey="id"
      dataSource={rows}
      columns={[{ title: 'Name', dataIndex: 'name', key: 'name' }]}
      // Horizontal scrolling is what makes antd add its hidden measure row.
      scroll={{ x: 'max-content' }}
      rowSelection={rowSelection}
      pagination={false}
    />,
  );
}

describe('selectAllTitle', () => {
  it("keeps the select-all checkbox out of antd's aria-hidden measure row", () => {
    const { container } = renderTable({ columnTitle: selectAllTitle });
    expect(container.querySelector('.ant-table-measure-row')).not.toBeNull();
    const hidden = [...container.querySelectorAll('[aria-hidden="true"] input')].map((i) =>
      i.closest('[aria-hidden="true"]')?.outerHTML.slice(0, 300),
    );
    expect(hidden).toEqual([]);
    // The header still has it: three checkboxes, select-all and one per row.
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
  });

  it("is needed: antd's own title is copied there, a hidden control the keyboard reaches", () => {
    const { container } = renderTable({});
    expect(container.querySelectorAll('[aria-hidden="true"] input').length).toBeGreaterThan(0);
  });
});
