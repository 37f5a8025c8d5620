import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configsRoutes, type TRouteDef } from '@linkstore/contract';
import { Table } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowActions, useActionsColumn, type TRowAction } from './row-actions';
import { renderConsolePage, signInOperator, signOutOperator } from './test-support';
import { AddButton, BatchDelete } from './toolbar';
import { useRowSelection } from './use-row-selection';

interface TRow {
  id: string;
  name: string;
}
const ROW: TRow = { id: '7', name: 'Shop name' };

/** A route no operator permission string grants but `sys:test:run`. */
const testRoute: Pick<TRouteDef, 'access'> = { access: { permission: 'sys:test:run' } };

function actions(onEdit = vi.fn(), onRun = vi.fn()): TRowAction<TRow>[] {
  return [
    { kind: 'edit', route: configsRoutes.update, ariaLabel: (row) => `Edit ${row.name}`, onClick: onEdit },
    {
      kind: 'delete',
      route: configsRoutes.delete,
      ariaLabel: (row) => `Delete ${row.name}`,
      onClick: vi.fn(),
    },
    { label: 'Run', route: testRoute, ariaLabel: (row) => `Run ${row.name}`, onClick: onRun },
  ];
}

function DemoTable({ rowActions }: { rowActions: TRowAction<TRow>[] }) {
  const selection = useRowSelection<TRow>(configsRoutes.delete);
  const actionsColumn = useActionsColumn(rowActions);
  return (
    <>
      <AddButton route={configsRoutes.create} onClick={vi.fn()} />
      <BatchDelete route={configsRoutes.delete} selectedKeys={selection.selectedKeys} onDelete={vi.fn()} />
      <Table<TRow>
        rowKey="id"
        dataSource={[ROW]}
        pagination={false}
        rowSelection={selection.rowSelection}
        columns={[{ title: 'Name', dataIndex: 'name' }, ...actionsColumn]}
      />
    </>
  );
}

/** Renders inside the app's providers and waits until it is on screen. */
async function show(node: ReactNode) {
  const view = await renderConsolePage(() => (
    <>
      <h2>Shown</h2>
      {node}
    </>
  ));
  await screen.findByRole('heading', { name: 'Shown' });
  return view;
}

afterEach(signOutOperator);

describe('RowActions', () => {
  it("hides a button whose route's access the operator lacks, and shows the others", async () => {
    signInOperator(['sys:config:update', 'sys:test:run']);
    const onEdit = vi.fn();
    const onRun = vi.fn();
    await show(<RowActions record={ROW} actions={actions(onEdit, onRun)} />);
    // configsRoutes.delete declares sys:config:delete, which this operator lacks.
    expect(screen.queryByRole('button', { name: 'Delete Shop name' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Shop name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Run Shop name' }));
    expect(onEdit).toHaveBeenCalledWith(ROW);
    expect(onRun).toHaveBeenCalledWith(ROW);
  });

  it('draws an action with an icon as the icon alone, its text in a tooltip on focus; one without keeps its text', async () => {
    signInOperator(['sys:config:update', 'sys:test:run']);
    await show(<RowActions record={ROW} actions={actions()} />);
    const edit = await screen.findByRole('button', { name: 'Edit Shop name' });
    expect(edit).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Run Shop name' })).toHaveTextContent('Run');
    await userEvent.tab();
    expect(edit).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit');
  });

  it('follows the route, not a permission typed in the page: ROOT sees all, a signed-out user none', async () => {
    signInOperator([], ['ROOT']);
    const { unmount } = await show(<RowActions record={ROW} actions={actions()} />);
    expect(await screen.findAllByRole('button')).toHaveLength(3);
    unmount();
    signOutOperator();
    await show(<RowActions record={ROW} actions={actions()} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('leaves a button out for records it does not apply to', async () => {
    signInOperator(['sys:config:update']);
    await show(
      <RowActions record={ROW} actions={[{ ...actions()[0]!, isShown: (row) => row.id !== ROW.id }]} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the actions column, the toolbar and the selection', () => {
  it('are absent for an operator who may call none of their routes', async () => {
    signInOperator(['sys:config:query']);
    await show(<DemoTable rowActions={actions()} />);
    const table = await screen.findByRole('table');
    expect(within(table).queryByText('Actions')).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull();
  });

  it('show what the routes allow', async () => {
    signInOperator(['sys:config:add', 'sys:config:delete']);
    await show(<DemoTable rowActions={actions()} />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Actions')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete Shop name' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Edit Shop name' })).toBeNull();
    expect(within(table).getAllByRole('checkbox').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });
});
