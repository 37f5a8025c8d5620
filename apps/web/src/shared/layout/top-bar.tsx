import { LogoutOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_TITLE } from '../config/constants';
import { LanguageSwitch } from '../i18n/language-switch';
import { logout } from '../session/logout';
import { useSession } from '../session/session-store';
import { CountrySwitch, CurrencySwitch } from './country-switch';
import { TimeZoneSwitch } from './time-zone-switch';
import styles from './top-bar.module.css';

/**
 * Brand on the left; language, country and currency, then log out (signed in) or "Open
 * LinkStore for free" (visitors) and any page actions on the right.
 */
export function TopBar({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation('common');
  const isSignedIn = useSession((state) => state.authorization !== '');
  return (
    <header className={styles.bar}>
      <span className={styles.brand}>{APP_TITLE}</span>
      <Flex align="center" gap="small" wrap>
        <LanguageSwitch />
        <CountrySwitch />
        <CurrencySwitch />
        <TimeZoneSwitch />
        {actions}
        {isSignedIn ? (
          <Button icon={<LogoutOutlined aria-hidden />} onClick={() => void logout()}>
            {t('session.logout.action')}
          </Button>
        ) : (
          <Link to="/register" className={styles.cta}>
            {t('topBar.openForFree')}
          </Link>
        )}
      </Flex>
    </header>
  );
}
