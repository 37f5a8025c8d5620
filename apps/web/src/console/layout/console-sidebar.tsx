import { DashboardOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { APP_TITLE } from '../../shared/config/constants';
import { translateRouteTitle, usePermissionStore } from '../../shared/router/dynamic-routes';
import { useSettings } from '../../shared/preferences/settings-store';
import { CONSOLE_HOME } from '../console-paths';
import { buildSidebarEntries, openKeysFor, type TSidebarEntry } from './sidebar-items';
import { menuIcon } from './menu-icon';
import styles from './console-layout.module.css';

type TMenuItem = NonNullable<MenuProps['items']>[number];

function toMenuItem(entry: TSidebarEntry): TMenuItem {
  const label = translateRouteTitle(entry.title);
  const icon = menuIcon(entry.icon);
  if (entry.children) {
    return { key: entry.key, label, icon, children: entry.children.map(toMenuItem) };
  }
  const link = entry.link;
  return {
    key: entry.key,
    icon,
    label: link?.isExternal ? (
      <a href={link.pathname} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    ) : (
      <Link to={{ pathname: link?.pathname ?? entry.key, search: link?.search ?? '' }}>{label}</Link>
    ),
  };
}

interface TConsoleSidebarProps {
  isCollapsed: boolean;
  mode?: 'inline' | 'horizontal';
  /** Mixed layout: only these entries (the active top menu's children), without the home link. */
  only?: readonly TSidebarEntry[] | undefined;
  /** Called after a link is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** The console's menu: its home, then the caller's route tree. */
export function ConsoleSidebar({ isCollapsed, mode = 'inline', only, onNavigate }: TConsoleSidebarProps) {
  const { t, i18n } = useTranslation('console');
  const { pathname } = useLocation();
  const allEntries = useSidebarEntries();
  const entries = only ?? allEntries;
  const language = i18n.language;
  const items = useMemo<MenuProps['items']>(
    () => [
      ...(only
        ? []
        : [
            {
              key: CONSOLE_HOME,
              icon: <DashboardOutlined aria-hidden />,
              label: <Link to={CONSOLE_HOME}>{t('layout.home', { lng: language })}</Link>,
            },
          ]),
      ...entries.map(toMenuItem),
    ],
    [entries, only, t, language],
  );
  const defaultOpenKeys = useMemo(() => openKeysFor(entries, pathname), [entries, pathname]);

  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={[pathname]}
      defaultOpenKeys={isCollapsed ? [] : defaultOpenKeys}
      inlineCollapsed={mode === 'inline' ? isCollapsed : undefined}
      onClick={() => onNavigate?.()}
      className={mode === 'horizontal' ? styles.topMenu : styles.menu}
    />
  );
}

/** The sidebar entries of the caller's route tree (permission store). */
export function useSidebarEntries(): TSidebarEntry[] {
  const routes = usePermissionStore((state) => state.routes);
  return useMemo(() => buildSidebarEntries(routes), [routes]);
}

/** Logo and product name at the top of the sidebar, when the settings show it. */
export function SidebarLogo({ isCollapsed }: { isCollapsed: boolean }) {
  const isShown = useSettings((state) => state.sidebarLogo);
  if (!isShown) return null;
  return (
    <Link to={CONSOLE_HOME} className={styles.logo} aria-label={APP_TITLE}>
      <span className={styles.logoMark} aria-hidden>
        {APP_TITLE.charAt(0)}
      </span>
      {!isCollapsed && <span className={styles.logoText}>{APP_TITLE}</span>}
    </Link>
  );
}
