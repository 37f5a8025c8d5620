import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, theme as antdTheme, Watermark } from 'antd';
import { Fragment, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../shared/i18n/language-switch';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { useSettings } from '../../shared/preferences/settings-store';
import { resolveIsDark } from '../../shared/theme/theme-config';
import { ConsoleBreadcrumbs } from './console-breadcrumbs';
import { ConsoleSidebar, SidebarLogo, useSidebarEntries } from './console-sidebar';
import { FullscreenToggle } from './fullscreen-toggle';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { MenuSearch } from './menu-search';
import { NavbarLinks } from './navbar-links';
import { MixTopMenu, useActiveTopEntry } from './mix-top-menu';
import { SettingsDrawer } from './settings-drawer';
import { SizeSwitch } from './size-switch';
import { useTagsView } from './tags-view-store';
import { TagsView, useVisitedTags } from './tags-view';
import { useDeviceWatcher } from './use-device';
import { UserMenu } from './user-menu';
import { NoticeBell } from '../../shared/notices/notice-bell';
import { LiveFlaggedOrders } from '../orders/live-flagged-orders';
import { CONSOLE_NOTICE_PATHS } from '../../shared/notices/notices-api';
import { systemDark } from '../../shared/theme/system-preference';
import styles from './console-layout.module.css';

/** The original console's watermark: 15% black, 15% white in dark, z-index 9999. */
function ConsoleWatermark({ children }: { children: React.ReactNode }) {
  const isEnabled = useSettings((state) => state.watermarkEnabled);
  const content = useSettings((state) => state.watermarkContent);
  const theme = useSettings((state) => state.theme);
  const isDark = resolveIsDark(theme, useSyncExternalStore(systemDark.subscribe, systemDark.matches));
  if (!isEnabled) return <>{children}</>;
  return (
    <Watermark
      content={content}
      rotate={-22}
      gap={[100, 100]}
      zIndex={9999}
      font={{ fontSize: 16, color: isDark ? 'rgba(255, 255, 255, 0.15)' : 'rgba(0, 0, 0, 0.15)' }}
    >
      {children}
    </Watermark>
  );
}

/**
 * The console shell: sidebar from the caller's route tree (a drawer below
 * 992 px), navbar with breadcrumbs, menu search, full screen, size, language, notice bell,
 * settings and the user menu, the tags view (when the settings show it) and the page. Layout
 * left (sidebar), top (menu on the top bar) or mix (first level on top, the active item's
 * children in the sidebar).
 */
export default function ConsoleLayout() {
  const { t } = useTranslation('console');
  const { token } = antdTheme.useToken();
  useDeviceWatcher();
  const isMobile = useAppPreferences((state) => state.device === 'mobile');
  const isOpened = useAppPreferences((state) => state.sidebar.isOpened);
  const toggleSidebar = useAppPreferences((state) => state.toggleSidebar);
  const closeSidebar = useAppPreferences((state) => state.closeSidebar);
  const layout = useSettings((state) => state.layout);
  const isTagsViewShown = useSettings((state) => state.tagsView);
  const refreshKey = useTagsView((state) => state.refreshKey);
  useVisitedTags();
  const entries = useSidebarEntries();
  const activeTop = useActiveTopEntry(entries);

  const isCollapsed = !isOpened;
  const effectiveLayout = isMobile ? 'left' : layout;
  const sideEntries = effectiveLayout === 'mix' ? (activeTop?.children ?? []) : undefined;
  const hasSider =
    effectiveLayout === 'left' ||
    (effectiveLayout === 'mix' && sideEntries !== undefined && sideEntries.length > 0);
  const toggleLabel = t(isOpened ? 'layout.sidebar.collapse' : 'layout.sidebar.expand');

  return (
    <Layout
      className={styles.shell}
      data-layout={effectiveLayout}
      data-device={isMobile ? 'mobile' : 'desktop'}
    >
      <LiveFlaggedOrders />
      {!isMobile && hasSider && (
        <Layout.Sider
          theme="light"
          collapsible
          collapsed={isCollapsed}
          trigger={null}
          width={210}
          collapsedWidth={64}
          className={styles.sider}
        >
          <nav aria-label={t('layout.sidebar.label')}>
            {effectiveLayout === 'left' && <SidebarLogo isCollapsed={isCollapsed} />}
            <ConsoleSidebar isCollapsed={isCollapsed} only={sideEntries} />
          </nav>
        </Layout.Sider>
      )}
      {isMobile && (
        <Drawer
          placement="left"
          open={isOpened}
          onClose={() => closeSidebar()}
          size={210}
          closable={false}
          title={null}
          classNames={{ body: styles.drawerBody }}
        >
          <nav aria-label={t('layout.sidebar.label')}>
            <SidebarLogo isCollapsed={false} />
            <ConsoleSidebar isCollapsed={false} onNavigate={() => closeSidebar()} />
          </nav>
        </Drawer>
      )}
      <Layout>
        {/* antd's header is dark navy in both themes; the navbar follows the theme instead. */}
        <Layout.Header className={styles.navbar} style={{ background: token.colorBgContainer }}>
          <div className={styles.navStart}>
            {effectiveLayout !== 'left' && <SidebarLogo isCollapsed={false} />}
            {(isMobile || hasSider) && (
              <Button
                type="text"
                aria-label={toggleLabel}
                aria-expanded={isOpened}
                icon={isOpened ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
                onClick={toggleSidebar}
              />
            )}
            {effectiveLayout === 'left' && !isMobile && <ConsoleBreadcrumbs />}
            {effectiveLayout === 'top' && (
              <nav aria-label={t('layout.sidebar.label')} className={styles.topMenu}>
                <ConsoleSidebar isCollapsed={false} mode="horizontal" />
              </nav>
            )}
            {effectiveLayout === 'mix' && (
              <nav aria-label={t('layout.sidebar.label')} className={styles.topMenu}>
                <MixTopMenu entries={entries} />
              </nav>
            )}
          </div>
          <div className={styles.navEnd}>
            <MenuSearch />
            {/*
              A phone's bar has room for what a phone needs: no full screen, no control size, the
              language as its globe; each control there is a 44 px tap target (the CSS module).
            */}
            {!isMobile && <NavbarLinks />}
            {!isMobile && <FullscreenToggle />}
            {!isMobile && <SizeSwitch />}
            <LanguageSwitch iconOnly={isMobile} />
            <NoticeBell paths={CONSOLE_NOTICE_PATHS} />
            <SettingsDrawer />
            <UserMenu />
          </div>
        </Layout.Header>
        {isTagsViewShown && <TagsView />}
        <Layout.Content className={styles.content}>
          <ConsoleWatermark>
            {(effectiveLayout !== 'left' || isMobile) && <ConsoleBreadcrumbs />}
            {/* A new key mounts the page again: the tags view's "refresh" (kept-alive pages too). */}
            <Fragment key={refreshKey}>
              <KeepAliveOutlet />
            </Fragment>
          </ConsoleWatermark>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
