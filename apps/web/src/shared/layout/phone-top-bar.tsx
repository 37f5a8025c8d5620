import { LogoutOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Drawer, Switch } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../i18n/language-switch';
import { useSettings } from '../preferences/settings-store';
import { logout } from '../session/logout';
import { CountrySwitch, CurrencySwitch } from './country-switch';
import { TimeZoneSwitch } from './time-zone-switch';
import styles from './top-bar.module.css';

/** A page the bottom bar has no room for, reached from the sheet instead. */
export interface IPhonePlace {
  /** The hash route, e.g. `/discounts`. */
  to: string;
  icon: ReactNode;
  label: string;
}

/**
 * The top bar below 768 px: the title (the shop's name) and one button opening a sheet from the
 * bottom with `places` (pages the bottom bar has no room for), language, country, currency, theme
 * and log out — one line instead of four. `actions` (the notice bell) sit before that button.
 */
export function PhoneTopBar({
  title,
  actions,
  places = [],
}: {
  title: string;
  actions?: ReactNode;
  places?: readonly IPhonePlace[];
}) {
  const { t } = useTranslation('common');
  const [isOpen, setOpen] = useState(false);
  const theme = useSettings((state) => state.theme);
  const changeSetting = useSettings((state) => state.changeSetting);
  const darkId = useId();

  return (
    <header className={`${styles.bar} ${styles.phoneBar}`}>
      <span className={`${styles.brand} ${styles.phoneTitle}`}>{title}</span>
      {actions}
      <Button
        type="text"
        className={styles.tap}
        icon={<MoreOutlined aria-hidden />}
        aria-label={t('topBar.sheet.open')}
        aria-expanded={isOpen}
        onClick={() => setOpen(true)}
      />
      <Drawer
        placement="bottom"
        open={isOpen}
        onClose={() => setOpen(false)}
        title={t('topBar.sheet.title')}
        size="auto"
        closable={{ 'aria-label': t('topBar.sheet.close') }}
        classNames={{ body: styles.sheet }}
      >
        {places.map((place) => (
          <Button key={place.to} href={`#${place.to}`} icon={place.icon} onClick={() => setOpen(false)}>
            {place.label}
          </Button>
        ))}
        <LanguageSwitch />
        <CountrySwitch />
        <CurrencySwitch />
        <TimeZoneSwitch block />
        <div className={styles.sheetRow}>
          <label htmlFor={darkId}>{t('topBar.sheet.dark')}</label>
          <Switch
            id={darkId}
            checked={theme === 'dark'}
            onChange={(isDark) => changeSetting('theme', isDark ? 'dark' : 'light')}
          />
        </div>
        <Button
          icon={<LogoutOutlined aria-hidden />}
          onClick={() => {
            setOpen(false);
            void logout();
          }}
        >
          {t('session.logout.action')}
        </Button>
      </Drawer>
    </header>
  );
}
