import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TShop, TShopSlugCheck } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, fail, ok, type TFakeRequest } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { ShopPage } from './shop-page';

const CHECK = 'GET /api/v1/shop/slug-check';
const SHOP: TShop = {
  id: '1',
  slug: 'anna',
  name: 'Anna',
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

/** The server's answer: `bruno` (and an old name, `old-bruno`) are another shop's. */
function answer(request: TFakeRequest) {
  const slug = request.url.searchParams.get('slug') ?? '';
  const taken = slug === 'bruno' || slug === 'old-bruno';
  const check: TShopSlugCheck = taken
    ? { slug, status: 'taken', problem: 'taken', suggestions: [`${slug}-shop`, `${slug}-2`] }
    : { slug, status: 'available', problem: null, suggestions: [] };
  return ok(check);
}

function fakeApi(shop: TShop | null) {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  const api = createFakeApi({ 'GET /api/v1/shop': () => ok(shop), [CHECK]: answer });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

afterEach(() => useSession.getState().clearTokens());

describe('the link name, checked while typing', () => {
  it('says a taken name is taken before "Open my shop", and a suggestion picked is free', async () => {
    const api = fakeApi(null);
    const user = userEvent.setup({ delay: null });
    await renderWithApp([{ path: '/shop', Component: ShopPage }], '/shop');

    await user.type(await screen.findByLabelText('Shop name'), 'Bruno');
    const status = await screen.findByText('“bruno” is taken by another shop');
    expect(status.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    // Debounced: one check for the name as it settled, none for "b", "br", … (too short or unsettled).
    expect(api.callsTo(CHECK).map((request) => request.url.searchParams.get('slug'))).toEqual(['bruno']);
    expect(api.callsTo('POST /api/v1/shop')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'bruno-shop' }));
    expect(screen.getByLabelText('Shop link name')).toHaveValue('bruno-shop');
    expect(await screen.findByText('“bruno-shop” is free')).toBeInTheDocument();
  });

  it('renews an expired session like every other call, and checks again', async () => {
    const api = fakeApi(null);
    let expired = true;
    api.on(CHECK, (request) => {
      if (expired && request.headers.Authorization === 'Bearer acc')
        return fail('1002', 'expired', null, 401);
      return answer(request);
    });
    api.on('POST /api/v1/auth/refresh-token', () => {
      expired = false;
      return ok({ tokenType: 'Bearer', accessToken: 'acc-2', refreshToken: 'ref-2', expiresIn: 900 });
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp([{ path: '/shop', Component: ShopPage }], '/shop');

    await user.type(await screen.findByLabelText('Shop link name'), 'bruno');
    expect(await screen.findByText('“bruno” is taken by another shop')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/auth/refresh-token')).toHaveLength(1);
    // Quiet, yet renewed on 1002 and replayed with the new token, like any call.
    expect(api.callsTo(CHECK).map((request) => request.headers.Authorization)).toEqual([
      'Bearer acc',
      'Bearer acc-2',
    ]);
  });

  it('does not ask about a name the form already refuses, nor while typing', async () => {
    const api = fakeApi(null);
    const user = userEvent.setup({ delay: null });
    await renderWithApp([{ path: '/shop', Component: ShopPage }], '/shop');

    const slug = await screen.findByLabelText('Shop link name');
    await user.type(slug, 'admin');
    expect(await screen.findByText('This link name is reserved, please choose another')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.callsTo(CHECK)).toHaveLength(0);
  });

  it('in My shop, checks a new name but not the current one; an old name of another shop is taken', async () => {
    const api = fakeApi(SHOP);
    const user = userEvent.setup({ delay: null });
    await renderWithApp([{ path: '/shop', Component: ShopPage }], '/shop');

    const slug = await screen.findByLabelText('Shop link name');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.callsTo(CHECK)).toHaveLength(0);
    await user.clear(slug);
    await user.type(slug, 'old-bruno');
    expect(await screen.findByText('“old-bruno” is taken by another shop')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'old-bruno-2' })).toBeInTheDocument();
    await user.clear(slug);
    await user.type(slug, 'anna');
    await waitFor(() => expect(screen.queryByText(/is taken by another shop/)).not.toBeInTheDocument());
  });
});
