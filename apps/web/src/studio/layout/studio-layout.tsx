import {
  AppstoreOutlined,
  DollarOutlined,
  HomeOutlined,
  MenuOutlined,
  ProfileOutlined,
  ShopOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, FloatButton, Grid, Layout, Menu } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { APP_TITLE } from '../../shared/config/constants';
import { TopBar } from '../../shared/layout/top-bar';
import { applyFavicon } from '../../shared/session/favicon';
import { fileUrl } from '../../shared/upload/upload-api';
import { myShopQuery } from '../shop/api';
import { ShopLinkArea } from './shop-link-area';
import styles from './studio-layout.module.css';

const ITEMS = [
  { key: '/', icon: <HomeOutlined aria-hidden />, label: 'nav.home' },
  { key: '/shop', icon: <ShopOutlined aria-hidden />, label: 'nav.shop' },
  { key: '/product', icon: <AppstoreOutlined aria-hidden />, label: 'nav.product' },
  { key: '/pricing', icon: <DollarOutlined aria-hidden />, label: 'nav.pricing' },
  // Labels of the orders area live in its own namespace.
  { key: '/order', icon: <ProfileOutlined aria-hidden />, label: 'orders:nav.orders' },
  { key: '/revenue', icon: <WalletOutlined aria-hidden />, label: 'orders:nav.earnings' },
] as const;

/** The item of the menu a path belongs to (`/pricing/subcategories` → `/pricing`). */
export function activeItem(pathname: string): string {
  const match = ITEMS.filter((item) => item.key !== '/' && pathname.startsWith(item.key)).at(0);
  return match?.key ?? '/';
}

/** Logo and the studio's pages; `onNavigate` lets the phone drawer close after a choice. */
function StudioMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('studio');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav aria-label={t('nav.menu')}>
      <Link to="/" className={styles.logo} onClick={onNavigate}>
        <ShopOutlined aria-hidden /> {APP_TITLE}
      </Link>
      <Menu
        mode="inline"
        selectedKeys={[activeItem(pathname)]}
        items={ITEMS.map((item) => ({ key: item.key, icon: item.icon, label: t(item.label) }))}
        onClick={({ key }) => {
          onNavigate?.();
          void navigate(key);
        }}
      />
    </nav>
  );
}

/**
 * The creator's studio: top bar, the left menu with the logo (a drawer on phones),
 * the shop's link area, the page, and back-to-top. The page icon follows the shop image.
 */
export function StudioLayout() {
  const { t } = useTranslation('studio');
  // Before the first measurement every breakpoint is undefined: start as a wide screen.
  const isPhone = Grid.useBreakpoint().md === false;
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const shop = useQuery(myShopQuery).data;
  const imageUrl = shop?.imageUrl;
  useEffect(() => applyFavicon(imageUrl ? fileUrl(imageUrl) : null), [imageUrl]);

  return (
    <Layout className={styles.layout}>
      <TopBar />
      <Layout>
        {isPhone ? (
          <Drawer
            placement="left"
            open={isDrawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={260}
            title={t('nav.menu')}
            styles={{ body: { padding: 0 } }}
          >
            <StudioMenu onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <Layout.Sider theme="light" width={220} className={styles.sider}>
            <StudioMenu />
          </Layout.Sider>
        )}
        <Layout.Content className={styles.content}>
          {(isPhone || shop) && (
            <div className={styles.contentBar}>
              {isPhone && (
                <Button
                  icon={<MenuOutlined aria-hidden />}
                  aria-label={t('layout.openMenu')}
                  onClick={() => setDrawerOpen(true)}
                />
              )}
              {shop && <ShopLinkArea shop={shop} />}
            </div>
          )}
          <Outlet />
        </Layout.Content>
      </Layout>
      <FloatButton.BackTop aria-label={t('layout.backToTop')} tooltip={t('layout.backToTop')} />
    </Layout>
  );
}
