import { useTranslation } from 'react-i18next';

/** A moment in the reader's language and own time zone, date and time (orders, ledger entries). */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso) => format.format(new Date(iso));
}
