import { countriesRoutes, type TCountry } from '@linkstore/contract';
import type { QueryClient } from '@tanstack/react-query';
import { callRoute, routeQueryOptions } from '../http/call-route';
import { useSession } from '../session/session-store';
import { useUserPreferences } from './user-preferences-store';

/** `POST /api/getCountry`: the caller's country first, and every country. Loaded once. */
export function countriesQueryOptions() {
  return { ...routeQueryOptions(countriesRoutes.mine), staleTime: Infinity };
}

/** A country and its currency into the preferences. */
export function applyCountry(country: TCountry): void {
  useUserPreferences.getState().setCountry({
    country: country.code,
    countryId: country.id,
    currency: country.currency,
    currencyCode: country.currency_jc,
    currencySymbol: country.currency_symbol,
  });
}

/** Start-up: the server's country for this caller, unless the user chose one. */
export async function loadCountry(queryClient: QueryClient): Promise<void> {
  try {
    const { info } = await queryClient.fetchQuery(countriesQueryOptions());
    const [first] = info.default;
    if (first && !useUserPreferences.getState().isCountryChosen) applyCountry(first);
  } catch {
    // Shown by the http client; the stored or default country stays.
  }
}

/** The top bar's choice: country and its currency; saved on the account when signed in. */
export async function chooseCountry(country: TCountry): Promise<void> {
  applyCountry(country);
  useUserPreferences.getState().setCountryChosen(true);
  if (useSession.getState().authorization) {
    await callRoute(countriesRoutes.updateMine, { body: { countryId: country.id } });
  }
}

/** The currency switch: prices show in this currency; `currencyjc` carries its code. */
export function chooseCurrency(country: TCountry): void {
  const preferences = useUserPreferences.getState();
  preferences.setCurrency({
    currency: country.currency,
    currencyCode: country.currency_jc,
    currencySymbol: country.currency_symbol,
  });
  preferences.setCountryChosen(true);
}

/** One entry per currency code, in list order, for the currency switch. */
export function uniqueCurrencies(countries: readonly TCountry[]): TCountry[] {
  const seen = new Set<string>();
  return countries.filter((country) => {
    if (seen.has(country.currency_jc)) return false;
    seen.add(country.currency_jc);
    return true;
  });
}
