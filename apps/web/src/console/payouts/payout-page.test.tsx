import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TConsolePayout } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/test/fake-api';
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
  amountCents: 2_000,
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
  amountCents: 5_000,
  status: 'processing',
  providerStatus: 'PENDING',
  reason: null,
  settledAt: null,
  heldReason: 'Chargebacks under review',
  attempts: 1,
};

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
