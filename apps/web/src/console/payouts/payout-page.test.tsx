import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TConsolePayout, TPayoutDaily } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/test/fake-api';
import {
  findDialog,
  findRow,
  installFakeApi,
  lastQuery,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import PayoutPage from './payout-page';

const RETURNED: TConsolePayout = {
  id: '8',
  userId: '7',
  username: 'ana',
  shopName: 'Ana Shop',
  amountMinor: 2_000,
  currencyCode: 'USD',
  status: 'returned',
  trigger: 'manual',
  providerStatus: 'RETURNED',
  reason: 'UNCLAIMED',
  receiverEmail: 'ana@paypal.example',
  requestedAt: '2026-11-01T09:00:00Z',
  settledAt: '2026-11-02T09:00:00Z',
  heldReason: null,
  attempts: 2,
};
const HELD: TConsolePayout = {
  ...RETURNED,
  id: '9',
  userId: '8',
  username: 'bob',
  shopName: 'Bob Shop',
  amountMinor: 5_000,
  status: 'processing',
  providerStatus: 'PENDING',
  reason: null,
  settledAt: null,
  heldReason: 'Chargebacks under review',
  attempts: 1,
};

const zero = { count: 0, cents: 0 };
/** Two days of payouts: the day the returned one was asked for, and a quiet day. */
const DAYS: TPayoutDaily = [
  {
    day: '2026-11-01',
    requested: zero,
    processing: { count: 1, cents: 5_000 },
    paid: { count: 2, cents: 3_000 },
    returned: { count: 1, cents: 2_000 },
  },
  { day: '2026-11-02', requested: zero, processing: zero, paid: zero, returned: zero },
];

function fakeApi() {
  const held = new Map<string, string | null>([
    ['7', null],
    ['8', HELD.heldReason],
  ]);
  return installFakeApi({
    'GET /api/v1/system/payouts/page': () =>
      ok({
        list: [RETURNED, HELD].map((payout) => ({ ...payout, heldReason: held.get(payout.userId) ?? null })),
        total: 2,
      }),
    'PUT /api/v1/system/payouts/hold/7': ({ body }) => {
      held.set('7', (body as { reason: string }).reason);
      return ok(null);
    },
    'GET /api/v1/system/payouts/daily': () => ok(DAYS),
    'PUT /api/v1/system/payouts/hold/8': () => {
      held.set('8', null);
      return ok(null);
    },
  });
}

afterEach(signOutOperator);

describe('PayoutPage', () => {
  it('lists every creator’s payouts, searches them by keywords and status, and shows no hold action without its permission', async () => {
    signInOperator(['sys:payout:query']);
    const api = fakeApi();
    await renderConsolePage(PayoutPage);
    expect(await screen.findByRole('heading', { name: 'Payouts' })).toBeInTheDocument();
    const returned = await findRow('Ana Shop');
    expect(returned).toHaveTextContent('ana');
    expect(returned).toHaveTextContent('$20.00');
    expect(returned).toHaveTextContent('Returned');
    expect(returned).toHaveTextContent('RETURNED');
    expect(returned).toHaveTextContent('Not claimed within 30 days');
    const held = await findRow('Bob Shop');
    expect(held).toHaveTextContent('Processing');
    expect(within(held).getByText('Held')).toHaveAttribute('title', 'Payouts held: Chargebacks under review');
    // Without sys:payout:hold: no hold action, no actions column.
    expect(screen.queryByRole('button', { name: /Hold the payouts|Release the payouts/ })).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();

    const user = userEvent.setup();
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Keywords'), 'ana');
    await user.click(within(search).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Returned'));
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/system/payouts/page')).toMatchObject({
        keywords: 'ana',
        pageNum: '1',
      }),
    );
  });

  it('holds a creator’s payouts with a reason and releases them, with sys:payout:hold', async () => {
    signInOperator(['sys:payout:query', 'sys:payout:hold']);
    const api = fakeApi();
    await renderConsolePage(PayoutPage);
    const user = userEvent.setup();
    const ana = await findRow('Ana Shop');
    expect(within(ana).queryByRole('button', { name: 'Release the payouts of ana' })).toBeNull();
    await user.click(within(ana).getByRole('button', { name: 'Hold payouts of ana' }));
    const dialog = await findDialog('Hold the payouts of ana');
    await user.click(within(dialog).getByRole('button', { name: 'Hold payouts' }));
    expect(await within(dialog).findByText('Say why the payouts are held.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/system/payouts/hold/7')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Suspicious refunds');
    await user.click(within(dialog).getByRole('button', { name: 'Hold payouts' }));
    expect(await screen.findByText('The payouts of ana are held.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/system/payouts/hold/7')[0]?.body).toEqual({
      held: true,
      reason: 'Suspicious refunds',
    });
    await waitFor(() => expect(within(ana).getByText('Held')).toBeInTheDocument());

    const bob = await findRow('Bob Shop');
    expect(within(bob).queryByRole('button', { name: 'Hold payouts of bob' })).toBeNull();
    await user.click(within(bob).getByRole('button', { name: 'Release the payouts of bob' }));
    const confirm = await findDialog('Release the payouts of bob?');
    await user.click(within(confirm).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('The payouts of bob are released.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/system/payouts/hold/8')[0]?.body).toEqual({ held: false });
    await waitFor(() => expect(within(bob).queryByText('Held')).toBeNull());
  });
});

describe('PayoutPage: retry and payouts per day', () => {
  it('retries a returned payout after a confirm, with sys:payout:retry only on returned rows', async () => {
    signInOperator(['sys:payout:query', 'sys:payout:retry']);
    const api = fakeApi();
    let retried = false;
    api.on('POST /api/v1/system/payouts/8/retry', () => {
      retried = true;
      return ok({
        ...RETURNED,
        id: '10',
        status: 'processing',
        retryOfId: '8',
        receiverEmail: 'ana@new.example',
      });
    });
    await renderConsolePage(PayoutPage);
    const user = userEvent.setup();
    const bob = await findRow('Bob Shop');
    expect(within(bob).queryByRole('button', { name: /Retry/ })).toBeNull();
    const ana = await findRow('Ana Shop');
    await user.click(within(ana).getByRole('button', { name: 'Retry the returned payout of ana' }));
    const confirm = await findDialog('Retry the payout of ana?');
    expect(confirm).toHaveTextContent('A new payout of $20.00');
    expect(api.callsTo('POST /api/v1/system/payouts/8/retry')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('$20.00 is on its way to ana@new.example.')).toBeInTheDocument();
    expect(retried).toBe(true);
    // The list and the days are read again.
    await waitFor(() => expect(api.callsTo('GET /api/v1/system/payouts/daily').length).toBeGreaterThan(1));
  });

  it('shows a refused retry and no Retry without sys:payout:retry or once retried', async () => {
    signInOperator(['sys:payout:query', 'sys:payout:retry']);
    const api = fakeApi();
    api.on('POST /api/v1/system/payouts/8/retry', () =>
      fail('A0653', 'Only a returned payout that was not retried before can be retried.', null, 409),
    );
    await renderConsolePage(PayoutPage);
    const user = userEvent.setup();
    await user.click(
      within(await findRow('Ana Shop')).getByRole('button', { name: 'Retry the returned payout of ana' }),
    );
    await user.click(
      within(await findDialog('Retry the payout of ana?')).getByRole('button', { name: 'Send again' }),
    );
    expect(
      await screen.findByText('Only a returned payout that was not retried before can be retried.'),
    ).toBeInTheDocument();
    signOutOperator();

    signInOperator(['sys:payout:query']);
    fakeApi();
    await renderConsolePage(PayoutPage);
    await findRow('Ana Shop');
    expect(screen.queryByRole('button', { name: /Retry the returned payout/ })).toBeNull();
    signOutOperator();

    signInOperator(['sys:payout:query', 'sys:payout:retry']);
    const again = fakeApi();
    again.on('GET /api/v1/system/payouts/page', () =>
      ok({ list: [{ ...RETURNED, retriedById: '10' }], total: 1 }),
    );
    await renderConsolePage(PayoutPage);
    const row = await findRow('Ana Shop');
    expect(within(row).getByText('Retried')).toHaveAttribute('title', 'Sent again as payout 10');
    expect(within(row).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('shows the payouts per day as a chart, and as a table', async () => {
    signInOperator(['sys:payout:query']);
    const api = fakeApi();
    await renderConsolePage(PayoutPage);
    const chart = await screen.findByRole('img', { name: /Payouts requested per day from/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    expect(chart).toHaveTextContent(
      'On Nov 1: Paid: 2 for $30.00, In flight: 1 for $50.00, Returned: 1 for $20.00',
    );
    expect(
      screen.getByText(/Paid: 2 for \$30\.00 · In flight: 1 for \$50\.00 · Returned: 1 for \$20\.00/),
    ).toBeInTheDocument();
    const query = lastQuery(api, 'GET /api/v1/system/payouts/daily');
    expect((query.from ?? '') < (query.to ?? '')).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByText('Table'));
    const table = await screen.findByRole('columnheader', { name: 'Day (UTC)' });
    const grid = table.closest('table');
    expect(grid).not.toBeNull();
    const rows = within(grid as HTMLElement).getAllByRole('row');
    // The header and the one day with payouts.
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Nov 1');
    expect(rows[1]).toHaveTextContent('1 for $50.00');
    expect(rows[1]).toHaveTextContent('2 for $30.00');
    expect(rows[1]).toHaveTextContent('1 for $20.00');
    expect(screen.queryByRole('img', { name: /Payouts requested per day/ })).toBeNull();
  });
});
