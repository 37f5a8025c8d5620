import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import type { TRouteDef } from '@linkstore/contract';
import { Table } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStatusColumn, type TStatusColumnOptions } from './status-column';
import { findDialog, renderConsolePage, signInOperator, signOutOperator } from './test-support';

interface TRow {
  id: string;
  name: string;
  status: number;
}
type TVariables = { id: string; isEnabled: boolean };

/** A route no operator permission string grants but `sys:test:status`. */
const statusRoute: Pick<TRouteDef, 'access'> = { access: { permission: 'sys:test:status' } };
const ROWS: TRow[] = [
  { id: '1', name: 'Alpha', status: 1 },
  { id: '2', name: 'Beta', status: 0 },
];

function DemoTable({
  setStatus,
  options = {},
}: {
  setStatus: (variables: TVariables) => Promise<void>;
  options?: Partial<TStatusColumnOptions<TRow, TVariables>>;
}) {
  const mutation = useMutation({ mutationFn: setStatus });
  const statusColumn = useStatusColumn<TRow, TVariables>({
    route: statusRoute,
    mutation,
    variables: (row, isEnabled) => ({ id: row.id, isEnabled }),
    ariaLabel: (row) => `Status of ${row.name}`,
    successMessage: (row, isEnabled) => `${row.name} ${isEnabled ? 'enabled' : 'disabled'}`,
    ...options,
  });
  return (
    <>
      <h2>Shown</h2>
      <Table<TRow>
        rowKey="id"
        dataSource={ROWS}
        pagination={false}
        columns={[{ title: 'Name', dataIndex: 'name' }, statusColumn]}
      />
    </>
  );
}

async function show(element: React.JSX.Element) {
  await renderConsolePage(() => element);
  await screen.findByRole('heading', { name: 'Shown' });
}

afterEach(signOutOperator);

describe('useStatusColumn', () => {
  it('shows the status tag to an operator who may not call the status route', async () => {
    signInOperator(['sys:test:query']);
    await show(<DemoTable setStatus={vi.fn()} />);
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('switch')).toBeNull();
    expect(within(table).getByText('Enabled')).toBeInTheDocument();
    expect(within(table).getByText('Disabled')).toBeInTheDocument();
  });

  it('switches on and off at once when no confirmation is asked, and says so', async () => {
    signInOperator(['sys:test:status']);
    const setStatus = vi.fn((_variables: TVariables) => Promise.resolve());
    await show(<DemoTable setStatus={setStatus} />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Status of Alpha' }));
    expect(await screen.findByText('Alpha disabled')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Status of Beta' }));
    expect(await screen.findByText('Beta enabled')).toBeInTheDocument();
    expect(setStatus.mock.calls.map(([variables]) => variables)).toEqual([
      { id: '1', isEnabled: false },
      { id: '2', isEnabled: true },
    ]);
  });

  it('asks before switching off when told to, and not before switching on', async () => {
    signInOperator(['sys:test:status']);
    const setStatus = vi.fn((_variables: TVariables) => Promise.resolve());
    await show(
      <DemoTable
        setStatus={setStatus}
        options={{
          confirmOff: (row) => ({ title: 'Disable?', content: `Disable ${row.name}?`, okText: 'Disable' }),
        }}
      />,
    );
    await userEvent.click(await screen.findByRole('switch', { name: 'Status of Alpha' }));
    const dialog = await findDialog('Disable?');
    expect(within(dialog).getByText('Disable Alpha?')).toBeInTheDocument();
    expect(setStatus).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Alpha disabled')).toBeInTheDocument();
    expect(setStatus).toHaveBeenCalledWith({ id: '1', isEnabled: false }, expect.anything());

    await userEvent.click(screen.getByRole('switch', { name: 'Status of Beta' }));
    expect(await screen.findByText('Beta enabled')).toBeInTheDocument();
    expect(setStatus).toHaveBeenCalledTimes(2);
  });

  it('shows read-only rows with the fallback', async () => {
    signInOperator(['sys:test:status']);
    await show(
      <DemoTable
        setStatus={vi.fn()}
        options={{ isReadOnly: (row) => row.id === '1', fallback: (value) => `flag ${value}` }}
      />,
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByText('flag 1')).toBeInTheDocument();
    expect(within(table).getAllByRole('switch')).toHaveLength(1);
    expect(within(table).getByRole('switch', { name: 'Status of Beta' })).toBeInTheDocument();
  });
});
