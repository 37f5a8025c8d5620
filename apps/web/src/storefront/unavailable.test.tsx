import { ErrorCode } from '@linkstore/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import enMessages from '../locales/en/storefront.json';
import frMessages from '../locales/fr/storefront.json';
import { SHOP_SUSPENDED } from './api';
import { StorefrontApp } from './app';

/** The server's answer for a suspended shop's data: 409 A0632 with its translated message. */
function stubSuspended() {
  const fetch = vi.fn(async (_url: string) =>
    Response.json(
      { code: ErrorCode.SHOP_SUSPENDED, msg: 'This shop is unavailable for now.', data: null },
      { status: 409 },
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderShop(language: 'en' | 'fr') {
  window.history.pushState(null, '', '/s/demo');
  return render(
    <StorefrontApp
      boot={null}
      basePath="/s/demo"
      slug="demo"
      language={language}
      messages={language === 'en' ? enMessages : frMessages}
      events={null}
    />,
  );
}

describe('a suspended shop', () => {
  it('uses the contract’s code', () => {
    expect(SHOP_SUSPENDED).toBe(ErrorCode.SHOP_SUSPENDED);
  });

  it('shows "unavailable for now" (not the 404 page, no retry) in the buyer’s language', async () => {
    const fetch = stubSuspended();
    renderShop('en');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This shop is unavailable for now' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('It is not taking orders at the moment. Please come back later.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('This page does not exist')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(String(fetch.mock.calls[0]?.[0] ?? '')).toContain('/api/v1/public/shops/demo/page');
  });

  it('speaks French too', async () => {
    stubSuspended();
    renderShop('fr');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Cette boutique est indisponible pour le moment',
      }),
    ).toBeInTheDocument();
  });
});
