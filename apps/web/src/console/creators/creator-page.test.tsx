import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCreator, TCreatorDetail } from '@linkstore/contract';
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
import CreatorPage from './creator-page';

const ANA: TCreator = {
  userId: '7',
  email: 'ana@example.com',
  shopId: '3',
  shopName: 'Ana Shop',
  slug: 'ana',
  signedUpAt: '2026-10-01T09:00:00Z',
  salesCount: 3,
  salesMinor: 7_000,
  balanceMinor: 5_000,
  pendingMinor: 800,
  paidOutMinor: 2_000,
  currencyCode: 'USD',
  payoutAccount: 'verified',
  suspendedReason: null,
  suspendedAt: null,
  payoutsHeldReason: null,
  payoutsHeldAt: null,
};
const BOB: TCreator = {
  ...ANA,
  userId: '8',
  email: 'bob@example.com',
  shopId: '4',
  shopName: 'Bob Shop',
  slug: 'bob',
  salesCount: 1,
  salesMinor: 1_000,
  balanceMinor: 1_000,
  pendingMinor: 1_000,
  paidOutMinor: 0,
  payoutAccount: 'none',
  suspendedReason: 'Counterfeit goods',
  suspendedAt: '2026-11-01T09:00:00Z',
  payoutsHeldReason: 'Chargebacks',
  payoutsHeldAt: '2026-11-01T09:00:00Z',
};

function fakeApi() {
  const suspended = new Map<string, string | null>([
    ['7', null],
    ['8', BOB.suspendedReason],
  ]);
  const rows = () =>
    [ANA, BOB].map((creator) => ({ ...creator, suspendedReason: suspended.get(creator.userId) ?? null }));
  const detail: TCreatorDetail = {
    creator: ANA,
    recentOrders: [
      {
        orderNo: 'LS261101-AAAAAAAA',
        status: 2,
        totalMinor: 3_000,
        profitMinor: 1_500,
        currencyCode: 'USD',
        createdAt: '2026-11-01T09:00:00Z',
      },
    ],
    ledger: {
      list: [
        {
          id: '1',
          kind: 'sale',
          amountMinor: 1_500,
          currencyCode: 'USD',
          orderNo: 'LS261101-AAAAAAAA',
          payoutId: null,
          createdAt: '2026-11-01T09:00:00Z',
        },
      ],
      total: 1,
    },
    actions: [
      {
        id: '1',
        action: 'lift',
        reason: 'Cleared after review',
        operator: 'olga',
        createdAt: '2026-11-02T09:00:00Z',
      },
    ],
  };
  return installFakeApi({
    'GET /api/v1/system/creators/page': () => ok({ list: rows(), total: 2 }),
    'GET /api/v1/system/creators/7': () => ok(detail),
    'POST /api/v1/system/creators/7/suspend': ({ body }) => {
      suspended.set('7', (body as { reason: string }).reason);
      return ok(null);
    },
    'POST /api/v1/system/creators/8/lift': () => {
      suspended.set('8', null);
      return ok(null);
    },
  });
}

afterEach(signOutOperator);

describe('CreatorPage', () => {
  it('lists creators with their figures and state, searches, and shows no action without permission', async () => {
    signInOperator(['sys:creator:query']);
    const api = fakeApi();
    await renderConsolePage(CreatorPage);
    expect(await screen.findByRole('heading', { name: 'Creators' })).toBeInTheDocument();
    const ana = await findRow('Ana Shop');
    expect(ana).toHaveTextContent('ana@example.com');
    expect(ana).toHaveTextContent('3 orders · $70.00');
    expect(ana).toHaveTextContent('$50.00');
    expect(ana).toHaveTextContent('$8.00');
    expect(ana).toHaveTextContent('$20.00');
    expect(ana).toHaveTextContent('Verified');
    const bob = await findRow('Bob Shop');
    expect(bob).toHaveTextContent('1 order · $10.00');
    expect(within(bob).getByText('Suspended')).toHaveAttribute('title', 'Shop suspended: Counterfeit goods');
    expect(within(bob).getByText('Payouts held')).toHaveAttribute('title', 'Payouts held: Chargebacks');
    expect(bob).toHaveTextContent('None');
    // Without sys:creator:suspend and sys:payout:hold: details only.
    expect(within(ana).getByRole('button', { name: 'Details of Ana Shop' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', {
        name: /Suspend the shop|Lift the suspension|Hold payouts of|Release payouts of/,
      }),
    ).toBeNull();

    const user = userEvent.setup();
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Keywords'), 'ana');
    await user.click(within(search).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByTitle('Suspended'));
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/system/creators/page')).toMatchObject({
        keywords: 'ana',
        state: 'suspended',
        pageNum: '1',
      }),
    );
  });

  it('suspends with a required reason and lifts, with sys:creator:suspend; hold is gated by sys:payout:hold', async () => {
    signInOperator(['sys:creator:query', 'sys:creator:suspend']);
    const api = fakeApi();
    await renderConsolePage(CreatorPage);
    const user = userEvent.setup();
    const ana = await findRow('Ana Shop');
    expect(within(ana).queryByRole('button', { name: 'Hold payouts of Ana Shop' })).toBeNull();
    expect(within(ana).queryByRole('button', { name: 'Lift the suspension of Ana Shop' })).toBeNull();
    await user.click(within(ana).getByRole('button', { name: 'Suspend the shop Ana Shop' }));
    const dialog = await findDialog('Suspend the shop Ana Shop');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Say why.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/creators/7/suspend')).toHaveLength(0);
    // Pasted, not typed key by key: each key re-renders the dialog's form, which took this test
    // past its time limit when the machine was busy (the text is what matters here).
    await user.click(within(dialog).getByLabelText('Reason'));
    await user.paste('  Counterfeit reports ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('The shop Ana Shop is suspended.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/creators/7/suspend')[0]?.body).toEqual({
      reason: 'Counterfeit reports',
    });
    await waitFor(() => expect(within(ana).getByText('Suspended')).toBeInTheDocument());

    const bob = await findRow('Bob Shop');
    await user.click(within(bob).getByRole('button', { name: 'Lift the suspension of Bob Shop' }));
    const lift = await findDialog('Lift the suspension of Bob Shop');
    await user.click(within(lift).getByLabelText('Reason'));
    await user.paste('Appeal accepted');
    await user.click(within(lift).getByRole('button', { name: 'Lift' }));
    expect(await screen.findByText('The shop Bob Shop is open again.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/creators/8/lift')[0]?.body).toEqual({
      reason: 'Appeal accepted',
    });
  });

  it('offers hold and release with sys:payout:hold, and opens the detail with orders, ledger and history', async () => {
    signInOperator(['sys:creator:query', 'sys:payout:hold']);
    fakeApi();
    await renderConsolePage(CreatorPage);
    const user = userEvent.setup();
    const ana = await findRow('Ana Shop');
    expect(within(ana).getByRole('button', { name: 'Hold payouts of Ana Shop' })).toBeInTheDocument();
    expect(within(ana).queryByRole('button', { name: 'Suspend the shop Ana Shop' })).toBeNull();
    const bob = await findRow('Bob Shop');
    expect(within(bob).getByRole('button', { name: 'Release payouts of Bob Shop' })).toBeInTheDocument();

    await user.click(within(ana).getByRole('button', { name: 'Details of Ana Shop' }));
    expect(await screen.findByText('Creator: Ana Shop')).toBeInTheDocument();
    expect(await screen.findByText('Recent orders')).toBeInTheDocument();
    expect(screen.getAllByText('LS261101-AAAAAAAA')).toHaveLength(2);
    expect(screen.getByText('Sale')).toBeInTheDocument();
    expect(screen.getByText('Suspension lifted')).toBeInTheDocument();
    expect(screen.getByText('Cleared after review')).toBeInTheDocument();
    expect(screen.getByText('olga')).toBeInTheDocument();
  });
});
