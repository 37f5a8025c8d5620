import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCreatorOrder, TPurchase } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, fail, ok, US } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { browser } from './api';
import { OrderPage } from './order-page';
import { PayResultPage } from './pay-result-page';

const order = (orderNo: string, status: 0 | 1 | 2, platformMinor: number): TCreatorOrder => ({
  orderNo,
  status,
  items: [
    {
      productId: '10',
      title: `Mug ${orderNo.slice(-1)}`,
      variantLabel: '',
      sku: '',
      imageUrl: null,
      quantity: 1,
      platformUnitMinor: platformMinor,
      sellingUnitMinor: platformMinor * 2,
      profitUnitMinor: platformMinor,
    },
  ],
  quantity: 1,
  platformMinor,
  totalMinor: platformMinor * 2,
  shippingMinor: 0,
  taxMinor: 0,
  profitMinor: platformMinor,
  currencyCode: 'USD',
  buyerEmail: 'a***@example.com',
  createdAt: '2026-11-05T10:00:00Z',
  paidAt: status > 0 ? '2026-11-05T10:05:00Z' : null,
  shipment: null,
  side: 'c',
  earnedMinor: status === 0 ? 0 : platformMinor,
  paidByYouMinor: 0,
  refundedMinor: 0,
  fullyRefunded: false,
});

const A = 'LS261105-AAAAAAA1';
const B = 'LS261105-AAAAAAA2';
const C = 'LS261105-AAAAAAA3';

const purchase = (status: TPurchase['status'], nos: string[]): TPurchase => ({
  id: '7',
  status,
  reason: null,
  orders: nos.map((orderNo) => ({ orderNo, amountMinor: 1000, status: status === 'paid' ? 2 : 0 })),
  totalMinor: 1000 * nos.length,
  currencyCode: 'USD',
  approveUrl: '/payauth?token=SB-1&lang=en',
});

function listApi(list: () => TCreatorOrder[]) {
  return createFakeApi({
    'GET /api/v1/countries': () => ok([US]),
    'GET /api/v1/orders': () =>
      ok({ list: list(), total: list().length, totalIsCapped: false, nextCursor: null }),
  });
}

/** The payment dialog (found by its text: a role query over the whole table is slow). */
async function payDialog(): Promise<HTMLElement> {
  const title = await screen.findByText('Pay for orders');
  const dialog = title.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('no dialog');
  return dialog;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('paying orders from the list', () => {
  it('asks to select an order first, then pays the selected ones through PayPal', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = listApi(() => [order(A, 0, 1000), order(B, 0, 2500), order(C, 1, 900)]);
    api.on('POST /api/v1/orders/purchases', () => ok(purchase('created', [A, B])));
    vi.stubGlobal('fetch', api.fetch);
    await renderWithApp([{ path: '/order', Component: OrderPage }], '/order');

    await screen.findByText('Mug 1');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Please select an order')).toBeInTheDocument();

    // Only unpaid orders can be ticked; each has "Pay now".
    expect(screen.queryByRole('checkbox', { name: `Select order ${C}` })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Pay now for order/ })).toHaveLength(2);
    await user.click(screen.getByRole('checkbox', { name: `Select order ${A}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select order ${B}` }));
    await user.click(screen.getByRole('button', { name: 'Pay (2)' }));

    const dialog = await payDialog();
    const lines = within(within(dialog).getByRole('list', { name: 'Orders to pay' })).getAllByRole(
      'listitem',
    );
    expect(lines.map((line) => line.textContent)).toEqual([
      `Order no. ${A}Mug 1$10.00`,
      `Order no. ${B}Mug 2$25.00`,
    ]);
    expect(within(dialog).getByTestId('pay-total')).toHaveTextContent('$35.00');

    await user.click(within(dialog).getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payauth?token=SB-1&lang=en'));
    const [sent] = api.callsTo('POST /api/v1/orders/purchases');
    expect(sent?.body).toEqual({ orderNos: [A, B], payKey: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('takes out an order its buyer paid meanwhile and asks again with the new total', async () => {
    const user = userEvent.setup();
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let paidByBuyer = false;
    const api = listApi(() => [order(A, paidByBuyer ? 1 : 0, 1000), order(B, 0, 2500)]);
    api.on('POST /api/v1/orders/purchases', () => {
      if (!paidByBuyer) {
        paidByBuyer = true;
        return fail('A0660', `These orders are no longer unpaid: ${A}.`, { orderNos: [A] }, 409);
      }
      return ok(purchase('created', [B]));
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderWithApp([{ path: '/order', Component: OrderPage }], '/order');

    await screen.findByText('Mug 1');
    await user.click(screen.getByRole('checkbox', { name: `Select order ${A}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select order ${B}` }));
    await user.click(screen.getByRole('button', { name: 'Pay (2)' }));
    const dialog = await payDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Pay with PayPal' }));

    await waitFor(() => expect(within(dialog).getByTestId('pay-total')).toHaveTextContent('$25.00'));
    expect(dialog).not.toHaveTextContent(A);
    await user.click(within(dialog).getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/orders/purchases')).toHaveLength(2));
    const [first, second] = api.callsTo('POST /api/v1/orders/purchases');
    expect(second?.body).toMatchObject({ orderNos: [B] });
    // A refusal ends the attempt: the next one has its own key.
    expect((second?.body as { payKey: string }).payKey).not.toBe((first?.body as { payKey: string }).payKey);
  });

  it('keeps the payment key when the answer was lost', async () => {
    const user = userEvent.setup();
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let calls = 0;
    const api = listApi(() => [order(A, 0, 1000)]);
    api.on('POST /api/v1/orders/purchases', () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return ok(purchase('created', [A]));
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderWithApp([{ path: '/order', Component: OrderPage }], '/order');

    await user.click(await screen.findByRole('button', { name: `Pay now for order ${A}` }));
    const dialog = await payDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(calls).toBe(1));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Pay with PayPal' })).toBeEnabled(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(calls).toBe(2));
    const keys = api
      .callsTo('POST /api/v1/orders/purchases')
      .map((request) => (request.body as { payKey: string }).payKey);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('PayResultPage', () => {
  const routes = [
    { path: '/order/pay-result', Component: PayResultPage },
    { path: '/order', Component: OrderPage },
  ];

  it('captures, shows "Payment success" and opens the order', async () => {
    const user = userEvent.setup();
    const api = listApi(() => [order(A, 2, 1000)]);
    api.on('POST /api/v1/orders/purchases/7/capture', () => ok(purchase('paid', [A])));
    vi.stubGlobal('fetch', api.fetch);
    // The provider's return address: its token comes before the studio's hash route.
    window.history.replaceState(null, '', '/?token=SB-1#/order/pay-result?purchase=7');
    const { router } = await renderWithApp(routes, '/order/pay-result?purchase=7');
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.hash).toBe('#/order/pay-result?purchase=7');

    const dialog = await screen.findByRole('dialog', { name: 'Payment success' });
    expect(dialog).toHaveTextContent('Orders paid: 1. Total: $10.00.');
    await user.click(within(dialog).getByRole('button', { name: 'View order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order'));
    expect(router.state.location.search).toBe(`?open=${A}`);
  });

  it('renews a session that expired while paying, and captures with the same key', async () => {
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    const api = listApi(() => [order(A, 2, 1000)]);
    api.on('POST /api/v1/orders/purchases/7/capture', (request) =>
      request.headers.Authorization === 'Bearer acc'
        ? fail('1002', 'Your session has expired, please sign in again.', null, 401)
        : ok(purchase('paid', [A])),
    );
    api.on('POST /api/v1/auth/refresh-token', () =>
      ok({ tokenType: 'Bearer', accessToken: 'acc-2', refreshToken: 'ref-2', expiresIn: 900 }),
    );
    vi.stubGlobal('fetch', api.fetch);
    await renderWithApp(routes, '/order/pay-result?purchase=7');

    expect(await screen.findByRole('dialog', { name: 'Payment success' })).toBeInTheDocument();
    const keys = api
      .callsTo('POST /api/v1/orders/purchases/7/capture')
      .map((request) => request.headers['Idempotency-Key']);
    expect(keys.length).toBeGreaterThan(1);
    expect(new Set(keys).size).toBe(1);
    useSession.getState().clearTokens();
  });

  it('shows why the payment failed, with the way back', async () => {
    const user = userEvent.setup();
    const api = listApi(() => []);
    api.on('POST /api/v1/orders/purchases/7/capture', () =>
      fail('A0660', `These orders are no longer unpaid: ${A}. Nothing was charged.`, null, 409),
    );
    vi.stubGlobal('fetch', api.fetch);
    const { router } = await renderWithApp(routes, '/order/pay-result?purchase=7');

    expect(await screen.findByText('The payment was not completed')).toBeInTheDocument();
    expect(
      screen.getByText(`These orders are no longer unpaid: ${A}. Nothing was charged.`),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order'));
  });
});
