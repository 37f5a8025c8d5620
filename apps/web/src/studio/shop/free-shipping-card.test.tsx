import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type TShop } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, fail, ok, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { ShopPage } from './shop-page';

const MINE = 'GET /api/v1/shop';
const UPDATE = 'PUT /api/v1/shop';

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
  freeShippingOverMinor: null,
};

async function freeShippingCard(shop: TShop, handlers: Record<string, TFakeHandler> = {}) {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  const api = createFakeApi({ [MINE]: () => ok(shop), ...handlers });
  vi.stubGlobal('fetch', api.fetch);
  await renderWithApp([{ path: '/shop', Component: ShopPage }], '/shop');
  const heading = await screen.findByText('Free shipping', { selector: '.ant-card-head-title' });
  return { api, card: heading.closest('.ant-card') as HTMLElement };
}

afterEach(() => {
  useSession.getState().clearTokens();
  vi.restoreAllMocks();
});

describe('FreeShippingCard', () => {
  it('offers free shipping from an amount; the server’s refusal shows on the field, naming the lowest that works', async () => {
    const REFUSED =
      'At this amount an order could not pay its shipping from your profit: offer free shipping from $29.98.';
    const { api, card } = await freeShippingCard(SHOP, {
      [UPDATE]: () =>
        fail(ErrorCode.VALIDATION_FAILED, REFUSED, {
          fields: [{ field: 'freeShippingOverMinor', message: REFUSED }],
        }),
    });
    const user = userEvent.setup({ delay: null });
    expect(within(card).getByText(/You pay this shipping from your profit on the order/)).toBeInTheDocument();
    expect(within(card).queryByRole('textbox', { name: 'On orders from (US$)' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('switch', { name: 'Offer free shipping' }));
    const amount = await within(card).findByRole('textbox', { name: 'On orders from (US$)' });
    // Saving without an amount is stopped here; nothing is sent.
    await user.click(within(card).getByRole('button', { name: 'Save free shipping' }));
    expect(await within(card).findByText('Enter the amount from which shipping is free')).toBeInTheDocument();
    expect(api.callsTo(UPDATE)).toHaveLength(0);

    await user.type(amount, '20');
    await user.click(within(card).getByRole('button', { name: 'Save free shipping' }));
    await waitFor(() => expect(api.callsTo(UPDATE)).toHaveLength(1));
    expect(api.callsTo(UPDATE)[0]?.body).toEqual({ freeShippingOverMinor: 2_000 });
    expect(
      await within(card).findByText(REFUSED, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
  });

  it('shows the amount offered, and switching it off saves null', async () => {
    const { api, card } = await freeShippingCard(
      { ...SHOP, freeShippingOverMinor: 3_000 },
      { [UPDATE]: () => ok({ ...SHOP, freeShippingOverMinor: null }) },
    );
    const user = userEvent.setup({ delay: null });
    expect(within(card).getByRole('switch', { name: 'Offer free shipping' })).toBeChecked();
    expect(within(card).getByRole('textbox', { name: 'On orders from (US$)' })).toHaveValue('30.00');

    await user.click(within(card).getByRole('switch', { name: 'Offer free shipping' }));
    await user.click(within(card).getByRole('button', { name: 'Save free shipping' }));
    await waitFor(() => expect(api.callsTo(UPDATE)).toHaveLength(1));
    expect(api.callsTo(UPDATE)[0]?.body).toEqual({ freeShippingOverMinor: null });
    expect(await screen.findByText('Free shipping saved')).toBeInTheDocument();
    expect(within(card).queryByRole('textbox', { name: 'On orders from (US$)' })).not.toBeInTheDocument();
  });
});
