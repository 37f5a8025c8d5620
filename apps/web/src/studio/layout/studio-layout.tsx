import { AppstoreOutlined, DollarOutlined, HomeOutlined, ShopOutlined } from '@ant-design/icons';
import { Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { TopBar } from '../../shared/layout/top-bar';
import styles from './studio-layout.module.css';

const ITEMS = [
  { key: '/', icon: <HomeOutlined aria-hidden />, label: 'nav.home' },
  { key: '/shop', icon: <ShopOutlined aria-hidden />, label: 'nav.shop' },
  { key: '/product', icon: <AppstoreOutlined aria-hidden />, label: 'nav.product' },
  { key: '/pricing', icon: <DollarOutlined aria-hidden />, label: 'nav.pricing' },
] as const;

/** The item of the menu a path belongs to (`/pricing/subcategories` → `/pricing`). */
export function activeItem(pathname: string): string {
  const match = ITEMS.filter((item) => item.key !== '/' && pathname.startsWith(item.key)).at(0);
  return match?.key ?? '/';
}

/** The creator's studio: top bar, the left menu of their pages, and the page. */
export function StudioLayout() {
  const { t } = useTranslation('studio');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Layout className={styles.layout}>
      <TopBar />
      <Layout>
        <Layout.Sider breakpoint="md" collapsedWidth={0} theme="light" className={styles.sider}>
          <Menu
            aria-label={t('nav.menu')}
            mode="inline"
            selectedKeys={[activeItem(pathname)]}
            items={ITEMS.map((item) => ({ key: item.key, icon: item.icon, label: t(item.label) }))}
            onClick={({ key }) => void navigate(key)}
          />
        </Layout.Sider>
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
