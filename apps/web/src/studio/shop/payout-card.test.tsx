import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type TShop } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, fail, ok, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { browser } from './paypal-api';
import { ShopPage } from './shop-page';

const MINE = 'GET /api/v1/shop';
const CONNECT = 'POST /api/v1/shop/paypal/connect';
const DISCONNECT = 'DELETE /api/v1/shop/paypal';

const SHOP: TShop = {
  id: '1',
  slug: 'anna',
  name: "Anna's Picks",
  description: '',
  bannerUrl: null,
  imageUrl: null,
  defaultPercentage: 200,
  rounding: 'none',
  paypalEmail: null,
  paypalVerified: false,
  pricesSavedAt: null,
  linkSharedAt: null,
};

function fakeApi(handlers: Record<string, TFakeHandler>) {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  const api = createFakeApi(handlers);
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function payoutCard(shop: TShop, handlers: Record<string, TFakeHandler> = {}) {
  const api = fakeApi({ [MINE]: () => ok(shop), ...handlers });
  await renderWithApp([{ path: '/shop', Component: ShopPage }], '/shop');
  const heading = await screen.findByText('Payout account');
  return { api, card: heading.closest('.ant-card') as HTMLElement };
}

const confirm = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  const popup = await screen.findByRole('tooltip');
  await user.click(within(popup).getByRole('button', { name }));
};

afterEach(() => {
  useSession.getState().clearTokens();
  vi.restoreAllMocks();
});

describe('PayoutCard', () => {
  it('without an account: "Connect PayPal" asks the server and sends the browser to PayPal', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { api, card } = await payoutCard(SHOP, {
      [CONNECT]: () => ok({ authorizeUrl: 'https://www.sandbox.paypal.com/signin/authorize?state=s1' }),
    });
    expect(within(card).getByText(/Connect your PayPal account to receive your profit/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
    await userEvent
      .setup({ delay: null })
      .click(within(card).getByRole('button', { name: 'Connect PayPal' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.sandbox.paypal.com/signin/authorize?state=s1'),
    );
    expect(api.callsTo(CONNECT)).toHaveLength(1);
  });

  it('a connected account shows "Verified"; Change asks first, and a refusal is shown, not followed', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const REFUSED = 'A payout is on its way to your PayPal account';
    const { api, card } = await payoutCard(
      { ...SHOP, paypalEmail: 'anna@example.com', paypalVerified: true },
      { [CONNECT]: () => fail(ErrorCode.PAYOUT_IN_FLIGHT, REFUSED, null, 409) },
    );
    expect(within(card).getByText('anna@example.com')).toBeInTheDocument();
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(within(card).queryByText('Not verified')).not.toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(within(card).getByRole('button', { name: 'Change account' }));
    expect(api.callsTo(CONNECT)).toHaveLength(0);
    await confirm(user, 'Change account');
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(api.callsTo(CONNECT)).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('a typed email shows "Not verified — connect again"; Disconnect asks first and clears it', async () => {
    const { api, card } = await payoutCard(
      { ...SHOP, paypalEmail: 'typed@example.com', paypalVerified: false },
      { [DISCONNECT]: () => ok({ ...SHOP, paypalEmail: null, paypalVerified: false }) },
    );
    expect(within(card).getByText('typed@example.com')).toBeInTheDocument();
    expect(within(card).getByText('Not verified')).toBeInTheDocument();
    expect(within(card).getByText(/Not verified — connect again/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Connect again' })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(within(card).getByRole('button', { name: 'Disconnect' }));
    expect(api.callsTo(DISCONNECT)).toHaveLength(0);
    await confirm(user, 'Disconnect');
    await waitFor(() => expect(api.callsTo(DISCONNECT)).toHaveLength(1));
    expect(await within(card).findByRole('button', { name: 'Connect PayPal' })).toBeInTheDocument();
    expect(within(card).queryByText('typed@example.com')).not.toBeInTheDocument();
  });
});
