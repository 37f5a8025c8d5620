import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../http/query-client';
import { createFakeApi, ES, FR, ok } from '../test/fake-api';
import { loadCountry } from './countries';
import { useUserPreferences } from './user-preferences-store';

describe('start-up country', () => {
  it("takes the server's default country and its currency", async () => {
    vi.stubGlobal(
      'fetch',
      createFakeApi({ 'POST /api/getCountry': () => ok({ info: { default: [ES], list: [ES, FR] } }) }).fetch,
    );
    useUserPreferences.getState().setCountryChosen(false);
    await loadCountry(createQueryClient());
    expect(useUserPreferences.getState()).toMatchObject({
      country: 'ES',
      countryId: 'ES',
      currency: 'Euro',
      currencyCode: 'EUR',
      currencySymbol: '€',
    });
  });

  it('keeps a country the user chose', async () => {
    vi.stubGlobal(
      'fetch',
      createFakeApi({ 'POST /api/getCountry': () => ok({ info: { default: [ES], list: [ES, FR] } }) }).fetch,
    );
    const preferences = useUserPreferences.getState();
    preferences.setCountry({
      country: 'FR',
      countryId: 'FR',
      currency: 'Euro',
      currencyCode: 'EUR',
      currencySymbol: '€',
    });
    preferences.setCountryChosen(true);
    await loadCountry(createQueryClient());
    expect(useUserPreferences.getState().countryId).toBe('FR');
    preferences.setCountryChosen(false);
  });
});
