import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../http/api-client';
import { applyLanguage } from '../i18n/i18n';
import { useAppPreferences } from '../preferences/app-preferences-store';
import { useUserPreferences } from '../preferences/user-preferences-store';
import { useSession } from '../session/session-store';
import { useUser } from '../session/user-store';
import { createFakeApi, ok } from '../test/fake-api';
import { renderWithApp } from '../test/render-with-app';
import { TopBar } from './top-bar';

const routes = [{ path: '/', Component: () => <TopBar /> }];

afterEach(() => {
  useSession.getState().clearTokens();
  useUser.getState().clear();
});

describe('TopBar', () => {
  it('offers visitors "Open LinkStore for free" and no log out', async () => {
    await renderWithApp(routes, '/');
    expect(await screen.findByRole('link', { name: 'Open LinkStore for free' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('chooses a country with its currency, saves it on the account and sends the currency code', async () => {
    const api = createFakeApi({ 'PUT /api/v1/users/me/country': () => ok(null) });
    vi.stubGlobal('fetch', api.fetch);
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    const user = userEvent.setup();
    await renderWithApp(routes, '/');
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();

    // Named after what they change and the value they show ("Country: United States").
    const country = screen.getByRole('button', { name: /^Country: / });
    await waitFor(() => expect(country).toBeEnabled());
    await user.click(country);
    await user.click(await screen.findByRole('menuitem', { name: 'Spain' }));

    expect(useUserPreferences.getState()).toMatchObject({
      countryId: 'ES',
      currency: 'Euro',
      currencyCode: 'EUR',
      currencySymbol: '€',
      isCountryChosen: true,
    });
    await waitFor(() => expect(api.callsTo('PUT /api/v1/users/me/country')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/users/me/country')[0]?.body).toEqual({ countryId: 'ES' });
    expect(JSON.parse(localStorage.getItem('userPreferences') ?? '{}')).toMatchObject({ countryId: 'ES' });

    expect(await screen.findByRole('button', { name: 'Country: Spain' })).toHaveTextContent('Spain');
    await user.click(screen.getByRole('button', { name: 'Currency: € EUR' }));
    await user.click(await screen.findByRole('menuitem', { name: /^USD/ }));
    expect(useUserPreferences.getState()).toMatchObject({ countryId: 'ES', currencyCode: 'USD' });
    await apiClient.get('/api/anything').catch(() => undefined);
    expect(api.requests.at(-1)?.headers.currencyjc).toBe('USD1');
  });

  it('saves the dashboard time zone on the profile, or the browser’s again', async () => {
    const api = createFakeApi({ 'PUT /api/v1/users/me/time-zone': () => ok(null) });
    vi.stubGlobal('fetch', api.fetch);
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
    useUser.getState().setInfo({
      user: {
        userId: '7',
        username: null,
        nickname: 'Ana',
        email: null,
        avatar: null,
        countryId: 'US',
        timeZone: null,
        roles: ['BLOGGER'],
        perms: [],
      },
      business: { email: null, subdomainurl: null, image_url: null, nickname: 'Ana', country_id: 'US' },
    });
    const user = userEvent.setup();
    await renderWithApp(routes, '/');
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const zone = await screen.findByRole('combobox', { name: `Time zone: Browser's (${browser})` });
    await user.click(zone);
    await user.type(zone, 'Paris');
    await user.click(await screen.findByTitle('Europe/Paris'));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/users/me/time-zone')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/users/me/time-zone')[0]?.body).toEqual({ timeZone: 'Europe/Paris' });
    await waitFor(() => expect(useUser.getState().info?.user.timeZone).toBe('Europe/Paris'));
    expect(screen.getByRole('combobox', { name: 'Time zone: Europe/Paris' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Time zone: Europe/Paris' }));
    await user.type(screen.getByRole('combobox', { name: 'Time zone: Europe/Paris' }), 'Browser');
    await user.click(await screen.findByTitle(`Browser's (${browser})`));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/users/me/time-zone')).toHaveLength(2));
    expect(api.callsTo('PUT /api/v1/users/me/time-zone')[1]?.body).toEqual({ timeZone: null });
    await waitFor(() => expect(useUser.getState().info?.user.timeZone).toBeNull());
  });

  it('names its buttons with the text they show (label in name)', async () => {
    await renderWithApp(routes, '/');
    const language = await screen.findByRole('button', { name: 'Language: English' });
    expect(language).toHaveTextContent('English');
    const country = screen.getByRole('button', { name: /^Country: / });
    await waitFor(() => expect(country).toBeEnabled());
    // The visible text is part of the name, whatever the country is.
    expect(country.getAttribute('aria-label')).toContain(country.textContent?.trim());
    const currency = screen.getByRole('button', { name: /^Currency: / });
    expect(currency.getAttribute('aria-label')).toContain(currency.textContent?.trim());
  });

  it('names countries and currencies in the interface language, sorted in it', async () => {
    const user = userEvent.setup();
    await renderWithApp(routes, '/');
    await act(async () => {
      useUserPreferences.getState().setCountry({
        country: 'ES',
        countryId: 'ES',
        currency: 'Euro',
        currencyCode: 'EUR',
        currencySymbol: '€',
      });
      await applyLanguage('es');
      useAppPreferences.getState().setLanguage('es');
    });
    const country = await screen.findByRole('button', { name: 'País: España' });
    expect(country).toHaveTextContent('España');
    await waitFor(() => expect(country).toBeEnabled());
    await user.click(country);
    const menu = await screen.findByRole('menu');
    // The fake server lists United States, Spain, France (English names, English order).
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['España', 'Estados Unidos', 'Francia']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Moneda: € EUR' }));
    expect(await screen.findByRole('menuitem', { name: 'EUR (€) euro' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'USD ($) dólar estadounidense' })).toBeInTheDocument();
  });
});
