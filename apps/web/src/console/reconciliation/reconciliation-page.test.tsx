import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TReconciliationDifference, TReconciliationRun } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/test/fake-api';
import { installFakeApi, renderConsolePage, signInOperator, signOutOperator } from '../shared/test-support';
import ReconciliationPage from './reconciliation-page';

const CLEAN: TReconciliationRun = {
  id: '4',
  trigger: 'schedule',
  startedBy: null,
  startedByName: null,
  startedAt: '2026-11-20T03:00:00Z',
  finishedAt: '2026-11-20T03:00:02Z',
  creatorsChecked: 12,
  differenceCount: 0,
  totals: { 'ledger.sales': 10_000, 'orders.profit': 10_000 },
};
const BROKEN: TReconciliationRun = {
  ...CLEAN,
  id: '5',
  trigger: 'operator',
  startedBy: '2',
  startedByName: 'admin',
  startedAt: '2026-11-21T09:00:00Z',
  finishedAt: '2026-11-21T09:00:01Z',
  differenceCount: 2,
};
const DIFFERENCES: TReconciliationDifference[] = [
  {
    check: 'sale',
    userId: '7',
    orderNo: 'LS261101-AAAAAAA1',
    payoutId: null,
    refundId: null,
    expectedMinor: 2_000,
    actualMinor: 0,
    detail: 'order LS261101-AAAAAAA1: 0 sale credits of 0; expected one of its profit 2000',
  },
  {
    check: 'payout',
    userId: '7',
    orderNo: null,
    payoutId: '31',
    refundId: null,
    expectedMinor: -1_000,
    actualMinor: -2_000,
    detail: 'payout 31 (paid) of 1000: 1 debits of -2000; expected one of -1000',
  },
];

function fakeApi(runs: TReconciliationRun[], next: TReconciliationRun = BROKEN) {
  const stored = [...runs];
  // A run answers when the test says so: its progress is seen however slow the machine is.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const api = installFakeApi({
    'GET /api/v1/system/reconciliation/runs': ({ url }) => {
      const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
      return ok({ list: stored.slice(0, pageSize), total: stored.length });
    },
    'GET /api/v1/system/reconciliation/runs/4': () => ok({ run: CLEAN, differences: { list: [], total: 0 } }),
    'GET /api/v1/system/reconciliation/runs/5': () =>
      ok({ run: BROKEN, differences: { list: DIFFERENCES, total: 2 } }),
    'POST /api/v1/system/reconciliation/run': async () => {
      await released;
      stored.unshift(next);
      return ok(next);
    },
  });
  return Object.assign(api, { release });
}

afterEach(signOutOperator);

describe('ReconciliationPage', () => {
  it('shows "all match" for a clean latest run, the runs, and no Run now without its permission', async () => {
    signInOperator(['sys:reconcile:query']);
    fakeApi([CLEAN]);
    await renderConsolePage(ReconciliationPage);
    expect(await screen.findByRole('heading', { name: 'Reconciliation' })).toBeInTheDocument();
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('All match');
    expect(status).toHaveTextContent('12 creators checked, no difference');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: /Run now/ })).toBeNull();
    const runs = screen.getByText('Runs').closest('.ant-card') as HTMLElement;
    expect(await within(runs).findByText('Daily job')).toBeInTheDocument();
  });

  it('runs now with progress, then lists the differences with where they are', async () => {
    signInOperator(['sys:reconcile:query', 'sys:reconcile:run']);
    const api = fakeApi([CLEAN]);
    await renderConsolePage(ReconciliationPage);
    await screen.findByRole('status');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Run now/ }));
    expect(await screen.findByRole('button', { name: /Running/ })).toBeInTheDocument();
    expect(await screen.findByText('Comparing the ledger with its sources…')).toBeInTheDocument();
    api.release();
    expect(await screen.findByText('Reconciled: 2 differences found.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/reconciliation/run')).toHaveLength(1);

    const heading = await screen.findByRole('heading', { name: '2 differences' });
    const table = heading.closest('.ant-card') as HTMLElement;
    const sale = (await within(table).findByText('Sale credit')).closest('tr') as HTMLElement;
    expect(sale).toHaveTextContent('creator 7 · order LS261101-AAAAAAA1');
    expect(sale).toHaveTextContent('$20.00');
    const payout = within(table).getByText('Payout debit').closest('tr') as HTMLElement;
    expect(payout).toHaveTextContent('creator 7 · payout 31');
    expect(payout).toHaveTextContent('-$10.00');
    expect(payout).toHaveTextContent('-$20.00');
    await waitFor(() => expect(screen.queryByText('Comparing the ledger with its sources…')).toBeNull());
  });

  it('shows an earlier run from the history', async () => {
    signInOperator(['sys:reconcile:query']);
    fakeApi([BROKEN, CLEAN]);
    await renderConsolePage(ReconciliationPage);
    expect(await screen.findByRole('alert')).toHaveTextContent('2 differences');
    const user = userEvent.setup();
    const buttons = await screen.findAllByRole('button', { name: /Show the run of/ });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1] as HTMLElement);
    expect(await screen.findByRole('status')).toHaveTextContent('All match');
  });

  it('says when no run exists yet', async () => {
    signInOperator(['sys:reconcile:query']);
    fakeApi([]);
    await renderConsolePage(ReconciliationPage);
    expect(await screen.findByText('No reconciliation has run yet. Run one now.')).toBeInTheDocument();
  });
});
