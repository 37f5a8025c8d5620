import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BannersTab } from './banners-tab';
import { ProductsTab } from './products-tab';
import { PageHeading } from '../layout/page-heading';

const TABS = ['products', 'banners'] as const;
type TTab = (typeof TABS)[number];

/** The tab named in the address (`?tab=banners`), products when absent or unknown. */
export function tabFrom(value: string | null): TTab {
  return TABS.find((tab) => tab === value) ?? 'products';
}

/** `#/product`: the shop's products and categories, and its banners; the tab survives a reload. */
export function ProductPage() {
  const { t } = useTranslation('studio');
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabFrom(searchParams.get('tab'));
  return (
    <>
      <PageHeading>{t('product.heading')}</PageHeading>
      <Tabs
        activeKey={active}
        onChange={(key) => setSearchParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'products', label: t('product.tabs.products'), children: <ProductsTab /> },
          { key: 'banners', label: t('product.tabs.banners'), children: <BannersTab /> },
        ]}
      />
    </>
  );
}
