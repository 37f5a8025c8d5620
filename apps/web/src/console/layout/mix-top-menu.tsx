import { DashboardOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { translateRouteTitle, usePermissionStore } from '../../shared/router/dynamic-routes';
import { CONSOLE_HOME } from '../console-paths';
import { menuIcon } from './menu-icon';
import { openKeysFor, type TSidebarEntry } from './sidebar-items';
import styles from './console-layout.module.css';

function firstLink(entry: TSidebarEntry): TSidebarEntry['link'] {
  if (entry.link) return entry.link;
  for (const child of entry.children ?? []) {
    const link = firstLink(child);
    if (link && !link.isExternal) return link;
  }
  return undefined;
}

/** The top entry the current page belongs to, else the stored active top menu. */
export function useActiveTopEntry(entries: readonly TSidebarEntry[]): TSidebarEntry | undefined {
  const { pathname } = useLocation();
  const stored = useAppPreferences((state) => state.activeTopMenuPath);
  const [containing] = openKeysFor(entries, pathname);
  const key = containing ?? stored;
  return entries.find((entry) => entry.key === key && entry.children);
}

/**
 * Mixed layout: the first level of the route tree on the top bar; choosing a
 * parent makes it the active top menu (its children fill the sidebar) and opens its first page.
 */
export function MixTopMenu({ entries }: { entries: readonly TSidebarEntry[] }) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = useActiveTopEntry(entries);
  const setActiveTopMenuPath = useAppPreferences((state) => state.setActiveTopMenuPath);
  const setMixLeftMenus = usePermissionStore((state) => state.setMixLeftMenus);

  const items: MenuProps['items'] = [
    {
      key: CONSOLE_HOME,
      icon: <DashboardOutlined aria-hidden />,
      label: <Link to={CONSOLE_HOME}>{t('layout.home')}</Link>,
    },
    ...entries.map((entry) => {
      const label = translateRouteTitle(entry.title);
      const icon = menuIcon(entry.icon);
      if (entry.children) return { key: entry.key, icon, label };
      return {
        key: entry.key,
        icon,
        label: entry.link?.isExternal ? (
          <a href={entry.link.pathname} target="_blank" rel="noopener noreferrer">
            {label}
          </a>
        ) : (
          <Link to={{ pathname: entry.link?.pathname ?? entry.key, search: entry.link?.search ?? '' }}>
            {label}
          </Link>
        ),
      };
    }),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = entries.find((candidate) => candidate.key === key);
    if (!entry?.children) return;
    setActiveTopMenuPath(entry.key);
    setMixLeftMenus(entry.key);
    const link = firstLink(entry);
    if (link && !link.isExternal) void navigate({ pathname: link.pathname, search: link.search });
  };

  return (
    <Menu
      mode="horizontal"
      items={items}
      selectedKeys={[active?.key ?? pathname]}
      onClick={onClick}
      className={styles.topMenu}
    />
  );
}
