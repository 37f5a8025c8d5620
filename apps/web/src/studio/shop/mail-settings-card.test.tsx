import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type TCreatorMailSettings, type TShop } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { useSession } from '../../shared/session/session-store';
import { createFakeApi, fail, ok, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { ShopPage } from './shop-page';

const MINE = 'GET /api/v1/shop';
const SETTINGS = 'GET /api/v1/creator-mails/settings';
const SAVE = 'PUT /api/v1/creator-mails/settings';

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

const DEFAULTS: TCreatorMailSettings = { sales: 'each', payouts: true, refunds: true, language: 'en' };

async function mailCard(handlers: Record<string, TFakeHandler>) {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  const api = createFakeApi({ [MINE]: () => ok(SHOP), ...handlers });
  vi.stubGlobal('fetch', api.fetch);
  await renderWithApp([{ path: '/shop', Component: ShopPage }], '/shop');
  const heading = await screen.findByText('Mail notifications', { selector: '.ant-card-head-title' });
  return { api, card: heading.closest('.ant-card') as HTMLElement };
}

afterEach(() => {
  useSession.getState().clearTokens();
  vi.restoreAllMocks();
});

describe('MailSettingsCard', () => {
  it('shows the saved choice, and saves a daily digest without payout mails in the studio’s language', async () => {
    const { api, card } = await mailCard({
      [SETTINGS]: () => ok(DEFAULTS),
      [SAVE]: ({ body }) => ok({ ...(body as object), language: 'en' }),
    });
    const user = userEvent.setup({ delay: null });
    const sales = await within(card).findByRole('radiogroup', { name: 'Sales' });
    expect(within(sales).getByRole('radio', { name: 'A mail for each paid order' })).toBeChecked();
    expect(within(card).getByRole('switch', { name: 'Payouts sent or returned' })).toBeChecked();
    expect(within(card).getByRole('switch', { name: 'Refunds on your orders' })).toBeChecked();
    expect(within(card).getByText(/Mails are written in English/)).toBeInTheDocument();

    await user.click(within(sales).getByRole('radio', { name: 'One mail a day listing the paid orders' }));
    await user.click(within(card).getByRole('switch', { name: 'Payouts sent or returned' }));
    await user.click(within(card).getByRole('button', { name: 'Save mail settings' }));

    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    const [request] = api.callsTo(SAVE);
    expect(request?.body).toEqual({ sales: 'digest', payouts: false, refunds: true });
    expect(request?.headers.lang).toBe('en');
    expect(await screen.findByText('Mail notifications saved')).toBeInTheDocument();
  });

  it('says when the studio’s language differs from the mails’', async () => {
    const { card } = await mailCard({ [SETTINGS]: () => ok({ ...DEFAULTS, sales: 'off', language: 'fr' }) });
    expect(await within(card).findByRole('radio', { name: 'No mails about sales' })).toBeChecked();
    expect(
      within(card).getByText(
        'Mails are written in Français, the language of your studio when you save. Save to get them in English.',
      ),
    ).toBeInTheDocument();
    expect(useAppPreferences.getState().language).toBe('en');
  });

  it('puts the server’s refusal on its field', async () => {
    const REFUSED = 'Choose one of the options';
    const { card } = await mailCard({
      [SETTINGS]: () => ok(DEFAULTS),
      [SAVE]: () =>
        fail(ErrorCode.VALIDATION_FAILED, REFUSED, { fields: [{ field: 'sales', message: REFUSED }] }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await within(card).findByRole('button', { name: 'Save mail settings' }));
    expect(
      await within(card).findByText(REFUSED, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
  });

  it('tells a failed load in the card, and tries again', async () => {
    let calls = 0;
    const { card } = await mailCard({
      [SETTINGS]: () => {
        calls += 1;
        return calls === 1 ? fail(ErrorCode.INTERNAL, 'Boom', null, 500) : ok(DEFAULTS);
      },
    });
    const user = userEvent.setup({ delay: null });
    expect(await within(card).findByText('Your mail notifications could not be loaded.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('radio', { name: 'A mail for each paid order' })).toBeChecked();
  });
});
