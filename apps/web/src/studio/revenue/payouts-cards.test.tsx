import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TEarningsSummary, TPayout } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, fail, ok, US, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { RevenuePage } from './revenue-page';

const SUMMARY: TEarningsSummary = {
  balanceMinor: 15_345,
  pendingMinor: 3_000,
  availableMinor: 12_345,
  inFlightMinor: 0,
  paidOutMinor: 7_655,
  totalEarnedMinor: 23_000,
  thisMonthMinor: 2_197,
  adjustmentsMinor: 0,
  purchasesMinor: 0,
  currencyCode: 'USD',
  holdDays: 7,
  minimumPayoutMinor: 1_000,
  dailyMaximumMinor: 10_000,
  payoutAccount: { email: 'ana@paypal.example', verified: true },
  autoPayout: false,
  payoutsHeld: false,
};

const RETURNED: TPayout = {
  id: '8',
  amountMinor: 2_000,
  currencyCode: 'USD',
  status: 'returned',
  trigger: 'manual',
  providerStatus: 'RETURNED',
  reason: 'RECEIVER_UNREGISTERED',
  receiverEmail: 'old@paypal.example',
  requestedAt: '2026-11-01T09:00:00Z',
  settledAt: '2026-11-02T09:00:00Z',
};

function fakeApi(summary: TEarningsSummary, more: Record<string, TFakeHandler> = {}) {
  const api = createFakeApi({
    'GET /api/v1/countries': () => ok([US]),
    'GET /api/v1/earnings': () => ok(summary),
    'GET /api/v1/earnings/daily': () => ok([{ day: '2026-11-05', cents: 0 }]),
    'GET /api/v1/earnings/entries': () => ok({ list: [], total: 0 }),
    'GET /api/v1/payouts/pending-sales': () =>
      ok({
        list: [
          {
            orderNo: 'LS261110-AAAAAAA3',
            amountMinor: 1_800,
            currencyCode: 'USD',
            paidAt: '2026-11-10T10:00:00Z',
            completedAt: '2026-11-12T10:00:00Z',
            availableAt: '2026-11-19T12:00:00Z',
          },
          {
            orderNo: 'LS261111-AAAAAAA4',
            amountMinor: 1_200,
            currencyCode: 'USD',
            paidAt: '2026-11-11T10:00:00Z',
            completedAt: null,
            availableAt: null,
          },
        ],
        total: 2,
      }),
    'GET /api/v1/payouts': () =>
      ok({
        list: [
          RETURNED,
          {
            ...RETURNED,
            id: '9',
            status: 'paid',
            reason: null,
            providerStatus: 'SUCCESS',
            amountMinor: 7_655,
          },
          { ...RETURNED, id: '10', status: 'returned', reason: 'SOMETHING_NEW', amountMinor: 300 },
          { ...RETURNED, id: '11', status: 'returned', reason: 'RECEIVER_UNCLAIMED', amountMinor: 1_234 },
        ],
        total: 4,
      }),
    ...more,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function renderPage() {
  await renderWithApp([{ path: '/revenue', Component: RevenuePage }], '/revenue');
  await screen.findByText('$123.45');
}

function withdrawButton(): HTMLElement {
  const button = screen
    .getAllByRole('button', { name: 'Withdraw' })
    .find((element) => !element.closest('.ant-modal'));
  if (!button) throw new Error('no Withdraw button');
  return button;
}

async function openDialog() {
  await userEvent.setup().click(withdrawButton());
  const dialog = await screen.findByRole('dialog');
  return {
    dialog,
    amount: within(dialog).getByLabelText('Amount (USD)'),
    submit: within(dialog).getByRole('button', { name: 'Withdraw' }),
  };
}

afterEach(() => cleanup());

describe('Revenue payouts', () => {
  it('shows the pending sales with the day each becomes available, the rules and the payouts', async () => {
    fakeApi(SUMMARY);
    await renderPage();
    expect(
      screen.getByText(
        'Sales become available 7 days after their order is completed. The smallest payout is $10.00, the largest $100.00 a day.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Payouts go to ana@paypal.example (PayPal, verified).')).toBeInTheDocument();
    const dated = (await screen.findByText('LS261110-AAAAAAA3')).closest('tr');
    expect(dated).toHaveTextContent('$18.00');
    expect(dated).toHaveTextContent('Nov 19, 2026');
    expect(screen.getByText('LS261111-AAAAAAA4').closest('tr')).toHaveTextContent(
      'When the order is completed',
    );
    const returned = (await screen.findByText('The email has no PayPal account')).closest('tr');
    expect(returned).toHaveTextContent('Returned');
    expect(returned).toHaveTextContent('$20.00');
    expect(returned).toHaveTextContent('old@paypal.example');
    expect((await screen.findByText('$76.55', { selector: 'td' })).closest('tr')).toHaveTextContent('Paid');
    expect(screen.getByText('SOMETHING_NEW')).toBeInTheDocument();
    // The sandbox names a status as an error ("RECEIVER_" + status): explained as the status is.
    expect(screen.getByText('Not claimed within 30 days').closest('tr')).toHaveTextContent('$12.34');
    expect(withdrawButton()).toBeEnabled();
  });

  it.each([
    [{ payoutAccount: null }, 'Connect your PayPal account to withdraw.', true],
    [
      { payoutAccount: { email: 'ana@example.com', verified: false } },
      'ana@example.com is not verified: connect your account through PayPal to withdraw.',
      true,
    ],
    [{ payoutsHeld: true }, 'Your payouts are on hold — contact support.', false],
    [
      { inFlightMinor: 5_000 },
      'A payout of $50.00 is on its way: you can withdraw again once it is settled.',
      false,
    ],
    [{ availableMinor: 950 }, 'You can withdraw from $10.00; available now: $9.50.', false],
  ] as [Partial<TEarningsSummary>, string, boolean][])(
    'turns Withdraw off with the reason (%o)',
    async (change, reason, hasLink) => {
      fakeApi({ ...SUMMARY, ...change });
      await renderWithApp([{ path: '/revenue', Component: RevenuePage }], '/revenue');
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent(reason);
      expect(withdrawButton()).toBeDisabled();
      expect(withdrawButton()).toHaveAccessibleDescription(expect.stringContaining(reason));
      const link = within(status).queryByRole('link', { name: 'Connect PayPal' });
      if (hasLink) expect(link).toHaveAttribute('href', '/shop');
      else expect(link).toBeNull();
    },
  );

  it('shows a negative available balance as such, with why, and keeps Withdraw off', async () => {
    fakeApi({ ...SUMMARY, availableMinor: -1_500, balanceMinor: 1_500, pendingMinor: 3_000 });
    await renderWithApp([{ path: '/revenue', Component: RevenuePage }], '/revenue');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your available balance is negative: -$15.00');
    expect(alert).toHaveTextContent('A refund took back profit already paid out; your next sales settle it.');
    expect(
      screen.getByText('Available', { selector: '.ant-statistic-title' }).closest('.ant-statistic'),
    ).toHaveTextContent('-$15.00');
    expect(withdrawButton()).toBeDisabled();
  });

  it('refuses each amount the rules refuse before sending it', async () => {
    const api = fakeApi(SUMMARY);
    await renderPage();
    const user = userEvent.setup();
    const { dialog, amount, submit } = await openDialog();
    expect(amount).toHaveValue('123.45');
    expect(dialog).toHaveTextContent('ana@paypal.example');
    expect(dialog).toHaveTextContent('Verified');
    const cases: [string, string][] = [
      ['', 'Enter the amount to withdraw.'],
      ['12.345', 'Use at most 2 decimals.'],
      ['12a', 'Enter an amount such as 25.00.'],
      ['0', 'The amount must be more than 0.'],
      ['123.46', 'You can withdraw at most your available $123.45.'],
      ['100.01', 'You can withdraw at most $100.00 a day.'],
      ['9.99', 'The smallest payout is $10.00.'],
    ];
    for (const [typed, error] of cases) {
      await user.clear(amount);
      if (typed) await user.type(amount, typed);
      await user.click(submit);
      expect(await within(dialog).findByText(error)).toBeInTheDocument();
    }
    expect(api.callsTo('POST /api/v1/payouts')).toHaveLength(0);
  });

  it('puts a server field error on the amount, keeps the key after a lost answer, renews it after a refusal', async () => {
    let attempt = 0;
    let summary = SUMMARY;
    const api = fakeApi(SUMMARY, {
      'GET /api/v1/earnings': () => ok(summary),
      'POST /api/v1/payouts': ({ body }) => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        if (attempt === 2)
          return fail('A0400', 'Some fields are not valid', {
            fields: [{ field: 'amountMinor', message: 'Today you can withdraw at most $40.00.' }],
          });
        summary = { ...SUMMARY, availableMinor: 7_345, inFlightMinor: 5_000 };
        return ok({
          ...RETURNED,
          id: '11',
          status: 'requested',
          amountMinor: (body as { amountMinor: number }).amountMinor,
          reason: null,
          providerStatus: null,
          settledAt: null,
        });
      },
    });
    await renderPage();
    const user = userEvent.setup();
    const { dialog, amount, submit } = await openDialog();
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(submit);
    await waitFor(() => expect(api.callsTo('POST /api/v1/payouts')).toHaveLength(1));
    const lost = 'The answer did not arrive. Trying again is safe: the same withdrawal is never paid twice.';
    expect(await within(dialog).findByText(lost)).toBeInTheDocument();
    expect(amount).toHaveAttribute('readonly');
    await waitFor(() => expect(submit).not.toHaveClass('ant-btn-loading'));
    await user.click(submit);
    expect(await within(dialog).findByText('Today you can withdraw at most $40.00.')).toBeInTheDocument();
    expect(within(dialog).queryByText(lost)).toBeNull();
    expect(amount).not.toHaveAttribute('readonly');
    await user.click(submit);
    expect(await screen.findByText('$50.00 is on its way to your PayPal account.')).toBeInTheDocument();
    const bodies = api.callsTo('POST /api/v1/payouts').map((call) => call.body as Record<string, unknown>);
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).toEqual({
      amountMinor: 5_000,
      currencyCode: 'USD',
      requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(bodies[1]?.requestKey).toBe(bodies[0]?.requestKey);
    expect(bodies[2]?.requestKey).not.toBe(bodies[1]?.requestKey);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The figures are read again: a payout is now in flight.
    expect(
      await screen.findByText('A payout of $50.00 is on its way: you can withdraw again once it is settled.'),
    ).toBeInTheDocument();
    expect(withdrawButton()).toBeDisabled();
  });

  it('turns the automatic weekly payout on', async () => {
    let summary = SUMMARY;
    const api = fakeApi(SUMMARY, {
      'GET /api/v1/earnings': () => ok(summary),
      'PUT /api/v1/payouts/settings': ({ body }) => {
        summary = { ...SUMMARY, ...(body as { autoPayout: boolean }) };
        return ok(body);
      },
    });
    await renderPage();
    const toggle = screen.getByRole('switch', { name: 'Automatic weekly payout' });
    expect(toggle).not.toBeChecked();
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Automatic weekly payout turned on.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/payouts/settings')[0]?.body).toEqual({ autoPayout: true });
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
