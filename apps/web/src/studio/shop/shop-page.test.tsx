import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type TShop } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, fail, ok, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { StudioLayout } from '../layout/studio-layout';
import { ShopPage } from './shop-page';

const MINE = 'GET /api/v1/shop';
const CREATE = 'POST /api/v1/shop';
const UPDATE = 'PUT /api/v1/shop';
const SHARED = 'POST /api/v1/shop/shared';

const SHOP: TShop = {
  id: '1',
  slug: 'anna',
  name: "Anna's Picks",
  description: '',
  bannerUrl: null,
  imageUrl: '/files/shop/anna.png',
  defaultPercentage: 200,
  rounding: 'none',
  paypalEmail: null,
  paypalVerified: false,
  pricesSavedAt: null,
  linkSharedAt: null,
};

const pageOnly = [{ path: '/shop', Component: ShopPage }];
const withLayout = [{ Component: StudioLayout, children: pageOnly }];

function fakeApi(handlers: Record<string, TFakeHandler>) {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  const api = createFakeApi(handlers);
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

afterEach(() => useSession.getState().clearTokens());

describe('ShopPage', () => {
  it('refuses a reserved link name before sending, then opens the shop and shows its link', async () => {
    const api = fakeApi({
      [MINE]: () => ok(null),
      [CREATE]: ({ body }) => ok({ ...SHOP, ...(body as object) }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(pageOnly, '/shop');

    await user.type(await screen.findByLabelText('Shop name'), 'Ana Rosé');
    const slug = screen.getByLabelText('Shop link name');
    expect(slug).toHaveValue('ana-rose');
    expect(await screen.findByText(`${window.location.origin}/s/ana-rose`)).toBeInTheDocument();

    await user.clear(slug);
    await user.type(slug, 'admin');
    await user.click(screen.getByRole('button', { name: 'Open my shop' }));
    expect(await screen.findByText('This link name is reserved, please choose another')).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await user.clear(slug);
    await user.type(slug, 'anna');
    await user.click(screen.getByRole('button', { name: 'Open my shop' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.body).toEqual({ name: 'Ana Rosé', slug: 'anna' });
    const share = (await screen.findByText('Share your shop')).closest('.ant-card') as HTMLElement;
    expect(within(share).getByRole('link', { name: `${window.location.origin}/s/anna` })).toBeInTheDocument();
  });

  it('copies the link once recorded as shared, sets the page icon and offers to connect PayPal', async () => {
    const api = fakeApi({
      [MINE]: () => ok(SHOP),
      [SHARED]: () => ok({ ...SHOP, linkSharedAt: '2026-01-01T00:00:00Z' }),
      [UPDATE]: ({ body }) => ok({ ...SHOP, ...(body as object) }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(withLayout, '/shop');
    const link = `${window.location.origin}/s/anna`;

    const area = await screen.findByRole('region', { name: 'Your shop link' });
    // The link may break after `/s/` (a <wbr>), which an accessible name can read as a space.
    expect(
      within(area).getByRole('link', { name: (name) => name.replace(/\s/g, '') === link }),
    ).toHaveAttribute('href', link);
    await waitFor(() =>
      expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toMatch(
        /\/files\/shop\/anna\.png$/,
      ),
    );

    await user.click(within(area).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    await waitFor(() => expect(api.callsTo(SHARED)).toHaveLength(1));
    // Already recorded: a second copy does not ask again.
    await user.click(within(area).getByRole('button', { name: 'Copy link' }));
    expect(api.callsTo(SHARED)).toHaveLength(1);

    // The payout account is connected through PayPal (payout-card.test.tsx), not typed here.
    expect(screen.getByRole('button', { name: 'Connect PayPal' })).toBeInTheDocument();
    expect(screen.queryByLabelText('PayPal account email')).not.toBeInTheDocument();
  });

  it('shows a link name another shop has under the slug field, when opening and when renaming', async () => {
    const TAKEN = 'The link name anna is taken, please choose another';
    const refuse = () =>
      fail(ErrorCode.SLUG_TAKEN, TAKEN, { fields: [{ field: 'slug', message: TAKEN }] }, 409);
    fakeApi({ [MINE]: () => ok(null), [CREATE]: refuse });
    const user = userEvent.setup({ delay: null });
    const { unmount } = await renderWithApp(pageOnly, '/shop');

    await user.type(await screen.findByLabelText('Shop name'), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Open my shop' }));
    const slugItem = screen.getByLabelText('Shop link name').closest('.ant-form-item') as HTMLElement;
    expect(await within(slugItem).findByText(TAKEN)).toBeInTheDocument();
    unmount();

    fakeApi({ [MINE]: () => ok({ ...SHOP, slug: 'anna-picks' }), [UPDATE]: refuse });
    await renderWithApp(pageOnly, '/shop');
    const slug = await screen.findByLabelText('Shop link name');
    await user.clear(slug);
    await user.type(slug, 'anna');
    await user.click(screen.getByRole('button', { name: 'Save shop' }));
    const detailsItem = slug.closest('.ant-form-item') as HTMLElement;
    expect(await within(detailsItem).findByText(TAKEN)).toBeInTheDocument();
  });
});
