import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { APP_TITLE } from '../config/constants';
import { LanguageSwitch } from '../i18n/language-switch';
import styles from './top-bar.module.css';

/** Brand on the left, language switch and any page actions on the right. */
export function TopBar({ actions }: { actions?: ReactNode }) {
  return (
    <header className={styles.bar}>
      <span className={styles.brand}>{APP_TITLE}</span>
      <Flex align="center" gap="small">
        <LanguageSwitch />
        {actions}
      </Flex>
    </header>
  );
}
