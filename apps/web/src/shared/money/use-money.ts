import { countriesRoutes } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routeQueryOptions } from '../http/call-route';
import { useUserPreferences } from '../preferences/user-preferences-store';
import { formatUsdMinor, localMinorToUsd, rateFor, usdToLocalMinor, type TCurrencyRate } from './money';

/** The countries with their rates; they change rarely, so loaded once per visit. */
export const countryRatesQuery = {
  ...routeQueryOptions(countriesRoutes.list, { query: {} }),
  staleTime: Infinity,
};

export interface TMoney {
  rate: TCurrencyRate;
  /** US cents shown in the user's currency. */
  format: (usdMinor: number) => string;
  toMinor: (usdMinor: number) => number;
  toUsdMinor: (minor: number) => number;
}

/**
 * Money in the currency the user chose (top bar), converted with the operators' rates. Amounts
 * stay US cents everywhere else; this is only how they are shown and typed.
 */
export function useMoney(): TMoney {
  const { i18n } = useTranslation();
  const currencyCode = useUserPreferences((state) => state.currencyCode);
  const { data } = useQuery(countryRatesQuery);
  const rate = rateFor(data, currencyCode);
  return {
    rate,
    format: (usdMinor) => formatUsdMinor(usdMinor, rate, i18n.language),
    toMinor: (usdMinor) => usdToLocalMinor(usdMinor, rate),
    toUsdMinor: (minor) => localMinorToUsd(minor, rate),
  };
}
