import {
  AppstoreOutlined,
  DollarOutlined,
  HomeOutlined,
  MailOutlined,
  ProfileOutlined,
  ShopOutlined,
  TagOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ConfigProvider, FloatButton, Layout, Menu, type ThemeConfig } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { APP_TITLE } from '../../shared/config/constants';
import { PhoneTopBar } from '../../shared/layout/phone-top-bar';
import { TopBar } from '../../shared/layout/top-bar';
import { useIsPhone } from '../../shared/layout/use-is-phone';
import { applyFavicon } from '../../shared/session/favicon';
import { fileUrl } from '../../shared/upload/upload-api';
import { myShopQuery } from '../shop/api';
import { ShopLinkArea } from './shop-link-area';
import { StudioLiveNews, StudioNoticeBell } from './studio-live';
import topBarStyles from '../../shared/layout/top-bar.module.css';
import styles from './studio-layout.module.css';
import './phone.css';

const ITEMS = [
  { key: '/', icon: <HomeOutlined aria-hidden />, label: 'nav.home' },
  { key: '/shop', icon: <ShopOutlined aria-hidden />, label: 'nav.shop' },
  { key: '/product', icon: <AppstoreOutlined aria-hidden />, label: 'nav.product' },
  { key: '/pricing', icon: <DollarOutlined aria-hidden />, label: 'nav.pricing' },
  // Labels of the orders area live in its own namespace.
  { key: '/order', icon: <ProfileOutlined aria-hidden />, label: 'orders:nav.orders' },
  { key: '/revenue', icon: <WalletOutlined aria-hidden />, label: 'orders:nav.earnings' },
  { key: '/discounts', icon: <TagOutlined aria-hidden />, label: 'nav.discounts' },
  // The subscribers page's labels live in its own namespace.
  { key: '/subscribers', icon: <MailOutlined aria-hidden />, label: 'subscribers:nav' },
] as const;

/** Places a phone reaches from the top bar's sheet: the bottom bar holds five at most. */
const SHEET_KEYS: readonly string[] = ['/discounts', '/subscribers'];

/**
 * The owner's places on a phone's bottom bar (SPEC §6): prices are reached from Products,
 * discount codes from the top bar's sheet.
 */
const PHONE_ITEMS = ITEMS.filter((item) => item.key !== '/pricing' && !SHEET_KEYS.includes(item.key));

/** The item of the menu a path belongs to (`/pricing/subcategories` → `/pricing`). */
export function activeItem(pathname: string): string {
  const match = ITEMS.filter((item) => item.key !== '/' && pathname.startsWith(item.key)).at(0);
  return match?.key ?? '/';
}

/** The bottom bar's item of a path: the price pages belong to Products there. */
export function activePhoneItem(pathname: string): string {
  const item = activeItem(pathname);
  return item === '/pricing' ? '/product' : item;
}

/**
 * Phones: every control at least 44 px tall (buttons, inputs, selects, pagination); the rest of
 * the theme is inherited. Switches, tabs and checkboxes get their hit areas from `phone.css`.
 */
const PHONE_THEME: ThemeConfig = {
  token: { controlHeight: 44, controlHeightSM: 44, controlHeightLG: 48 },
};

/** Marks the page as the studio on a phone while mounted, for the rules in `phone.css`. */
const PHONE_CLASS = 'studio-phone';

/** Logo and the studio's pages, on the left of wide screens. */
function StudioMenu() {
  const { t } = useTranslation('studio');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav aria-label={t('nav.menu')}>
      <Link to="/" className={styles.logo}>
        <ShopOutlined aria-hidden /> {APP_TITLE}
      </Link>
      <Menu
        mode="inline"
        selectedKeys={[activeItem(pathname)]}
        items={ITEMS.map((item) => ({ key: item.key, icon: item.icon, label: t(item.label) }))}
        onClick={({ key }) => void navigate(key)}
      />
    </nav>
  );
}

/** The owner's places at the bottom of a phone's screen, in reach of a thumb. */
function BottomNav() {
  const { t } = useTranslation('studio');
  const { pathname } = useLocation();
  const active = activePhoneItem(pathname);
  return (
    <nav aria-label={t('nav.menu')} className={styles.bottomNav}>
      {PHONE_ITEMS.map((item) => (
        <Link
          key={item.key}
          to={item.key}
          className={styles.bottomItem}
          aria-current={item.key === active ? 'page' : undefined}
        >
          {item.icon}
          <span className={styles.bottomLabel}>{t(item.label)}</span>
        </Link>
      ))}
    </nav>
  );
}

/**
 * The creator's studio: top bar, the left menu with the logo, the shop's link area, the page,
 * and back-to-top. Below 768 px: a compact top bar with one sheet of settings, a bottom
 * navigation, and 44 px controls. The page icon follows the shop image.
 */
export function StudioLayout() {
  const { t } = useTranslation('studio');
  const isPhone = useIsPhone();
  const shop = useQuery(myShopQuery).data;
  const imageUrl = shop?.imageUrl;
  useEffect(() => applyFavicon(imageUrl ? fileUrl(imageUrl) : null), [imageUrl]);
  useEffect(() => {
    if (!isPhone) return;
    document.body.classList.add(PHONE_CLASS);
    return () => document.body.classList.remove(PHONE_CLASS);
  }, [isPhone]);

  if (isPhone) {
    return (
      <ConfigProvider theme={PHONE_THEME}>
        <Layout className={styles.layout}>
          <StudioLiveNews />
          <PhoneTopBar
            title={shop?.name ?? APP_TITLE}
            actions={<StudioNoticeBell className={topBarStyles.tap} />}
            places={ITEMS.filter((item) => SHEET_KEYS.includes(item.key)).map((item) => ({
              to: item.key,
              icon: item.icon,
              label: t(item.label),
            }))}
          />
          <Layout.Content className={`${styles.content} ${styles.phoneContent}`}>
            {shop && (
              <div className={styles.contentBar}>
                <ShopLinkArea shop={shop} />
              </div>
            )}
            <Outlet />
          </Layout.Content>
          <BottomNav />
        </Layout>
      </ConfigProvider>
    );
  }

  return (
    <Layout className={styles.layout}>
      <StudioLiveNews />
      <TopBar actions={<StudioNoticeBell />} />
      <Layout>
        <Layout.Sider theme="light" width={220} className={styles.sider}>
          <StudioMenu />
        </Layout.Sider>
        <Layout.Content className={styles.content}>
          {shop && (
            <div className={styles.contentBar}>
              <ShopLinkArea shop={shop} />
            </div>
          )}
          <Outlet />
        </Layout.Content>
      </Layout>
      <FloatButton.BackTop aria-label={t('layout.backToTop')} tooltip={t('layout.backToTop')} />
    </Layout>
  );
}
