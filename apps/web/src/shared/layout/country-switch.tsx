import { DollarOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { compareNames, countryName, currencyName } from '../i18n/display-names';
import { useAppPreferences } from '../preferences/app-preferences-store';
import {
  chooseCountry,
  chooseCurrency,
  countriesQueryOptions,
  uniqueCurrencies,
} from '../preferences/countries';
import { useUserPreferences } from '../preferences/user-preferences-store';
import styles from './top-bar.module.css';

const MENU_STYLE = { maxHeight: 360, overflowY: 'auto' } as const;

/**
 * Top-bar country selector: the country and its currency; saved on the account when signed in.
 * Countries are named and sorted in the interface language (`Intl.DisplayNames`).
 */
export function CountrySwitch() {
  const { t } = useTranslation('common');
  const { data } = useQuery(countriesQueryOptions());
  const language = useAppPreferences((state) => state.language);
  const countryId = useUserPreferences((state) => state.countryId);
  const countries = data?.info.list ?? [];
  const named = countries
    .map((country) => ({ country, name: countryName(language, country.code, country.name) }))
    .sort((a, b) => compareNames(language)(a.name, b.name));
  const current = named.find(({ country }) => country.id === countryId);
  const shown = current?.name ?? countryId;

  return (
    <Dropdown
      trigger={['click']}
      disabled={countries.length === 0}
      menu={{
        items: named.map(({ country, name }) => ({ key: country.id, label: name })),
        selectable: true,
        selectedKeys: [countryId],
        style: MENU_STYLE,
        onClick: ({ key }) => {
          const country = countries.find((item) => item.id === key);
          if (country) void chooseCountry(country).catch(() => undefined);
        },
      }}
    >
      <Button
        type="text"
        icon={<EnvironmentOutlined aria-hidden />}
        aria-label={t('topBar.current', { label: t('topBar.country.label'), value: shown })}
      >
        <span className={styles.choice}>{shown}</span>
      </Button>
    </Dropdown>
  );
}

/**
 * Top-bar currency switch: prices use its symbol and calls carry its code as `currencyjc`.
 * Currencies are named in the interface language (`Intl.DisplayNames`).
 */
export function CurrencySwitch() {
  const { t } = useTranslation('common');
  const { data } = useQuery(countriesQueryOptions());
  const language = useAppPreferences((state) => state.language);
  const currencyCode = useUserPreferences((state) => state.currencyCode);
  const currencySymbol = useUserPreferences((state) => state.currencySymbol);
  const currencies = uniqueCurrencies(data?.info.list ?? []);
  const shown = `${currencySymbol} ${currencyCode}`;

  return (
    <Dropdown
      trigger={['click']}
      disabled={currencies.length === 0}
      menu={{
        items: currencies.map((country) => ({
          key: country.currency_jc,
          label: `${country.currency_jc} (${country.currency_symbol}) ${currencyName(language, country.currency_jc, country.currency)}`,
        })),
        selectable: true,
        selectedKeys: [currencyCode],
        style: MENU_STYLE,
        onClick: ({ key }) => {
          const country = currencies.find((item) => item.currency_jc === key);
          if (country) chooseCurrency(country);
        },
      }}
    >
      <Button
        type="text"
        icon={<DollarOutlined aria-hidden />}
        aria-label={t('topBar.current', { label: t('topBar.currency.label'), value: shown })}
      >
        {shown}
      </Button>
    </Dropdown>
  );
}
