import { useTranslation } from 'react-i18next';
import { dayFormatter, formatMoney, momentFormatter } from './format';

/** A day (no time) in the reader's language and own time zone. */
export function useDay(): (iso: string) => string {
  const { i18n } = useTranslation();
  return dayFormatter(i18n.language);
}

/** Minor units of their own currency in the reader's language (`formatMoney`), never converted. */
export function useFormatMoney(): (minor: number, currencyCode: string) => string {
  const { i18n } = useTranslation();
  return (minor, currencyCode) => formatMoney(minor, currencyCode, i18n.language);
}

/** A moment in the reader's language and own time zone, date and time; '—' for none. */
export function useMoment(): (iso: string | null) => string {
  const { i18n } = useTranslation();
  return momentFormatter(i18n.language);
}
