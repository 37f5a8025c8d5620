import type { TShopCategory, TShopProduct } from '@linkstore/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Input, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { allProductsQuery, categoryTreeQuery, orderProducts, productsQuery } from './api';
import { useIsPhone } from '../../shared/layout/use-is-phone';
import { CategoryPanel } from './category-panel';
import { CategoryPicker } from './category-picker';
import { saveOrderOptimistically } from './optimistic-order';
import { applyOrder, findCategory } from './ordering';
import { ProductDrawer } from './product-drawer';
import styles from './product-page.module.css';
import { ProductTable } from './products-table';

const PAGE_SIZE = 10;
type TVisibleFilter = 'all' | '0' | '1';

/**
 * The category tree on the left, the products on the right. A subcategory shows all its
 * products in shop order, to be dragged; anything else is a searchable, paged list.
 */
export function ProductsTab() {
  const { t } = useTranslation('studio');
  const tree = useQuery(categoryTreeQuery);
  const [searchParams, setSearchParams] = useSearchParams();
  const categoryId = searchParams.get('category') ?? undefined;
  // In the address like the tab, so a reload keeps the chosen category.
  const setCategoryId = (id: string | undefined) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id === undefined) next.delete('category');
        else next.set('category', id);
        return next;
      },
      { replace: true },
    );
  const [openId, setOpenId] = useState<string | undefined>();
  // An id the tree does not hold (an old or edited address) means all products.
  const category = categoryId && tree.data ? findCategory(tree.data, categoryId) : undefined;
  const isWaitingForTree = categoryId !== undefined && tree.isLoading;
  const open = (product: TShopProduct) => setOpenId(product.id);
  const isPhone = useIsPhone();
  const categories = {
    tree: tree.data,
    isLoading: tree.isLoading,
    selectedId: category?.id,
    onSelect: setCategoryId,
  };

  return (
    <div className={styles.products}>
      {!isPhone && <CategoryPanel {...categories} />}
      <div className={styles.list}>
        <div className={styles.toolbarEnd}>
          <Link to="/pricing" className={styles.toolbarLink}>
            {t('product.adjustPrices')}
          </Link>
        </div>
        {isPhone && <CategoryPicker {...categories} />}
        {isWaitingForTree ? (
          <Spin />
        ) : category && category.parentId !== '0' ? (
          <SubcategoryProducts key={category.id} category={category} onOpen={open} />
        ) : (
          <PagedProducts key={category?.id ?? 'all'} categoryId={category?.id} onOpen={open} />
        )}
      </div>
      <ProductDrawer productId={openId} onClose={() => setOpenId(undefined)} />
    </div>
  );
}

interface PagedProductsProps {
  categoryId: string | undefined;
  onOpen: (product: TShopProduct) => void;
}

function PagedProducts({ categoryId, onOpen }: PagedProductsProps) {
  const { t } = useTranslation('studio');
  const [keywords, setKeywords] = useState('');
  const [visible, setVisible] = useState<TVisibleFilter>('all');
  const [page, setPage] = useState({ pageNum: 1, pageSize: PAGE_SIZE });
  const list = useQuery({
    ...productsQuery({
      categoryId,
      keywords,
      visible: visible === 'all' ? undefined : visible === '1' ? 1 : 0,
      ...page,
    }),
    placeholderData: keepPreviousData,
  });
  const firstPage = () => setPage((current) => ({ ...current, pageNum: 1 }));

  return (
    <>
      <Space wrap role="search" className={styles.search}>
        <Input.Search
          allowClear
          aria-label={t('product.search.keywords')}
          placeholder={t('product.search.keywords')}
          onSearch={(text) => {
            setKeywords(text);
            firstPage();
          }}
          className={styles.searchField}
        />
        <Select<TVisibleFilter>
          aria-label={t('product.search.visible')}
          value={visible}
          className={styles.visibleField}
          onChange={(value) => {
            setVisible(value);
            firstPage();
          }}
          options={[
            { value: 'all', label: t('product.search.all') },
            { value: '1', label: t('product.search.shown') },
            { value: '0', label: t('product.search.hidden') },
          ]}
        />
      </Space>
      <ProductTable
        products={list.data?.list ?? []}
        isLoading={list.isFetching}
        onOpen={onOpen}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('product.total', { count: total }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
    </>
  );
}

interface SubcategoryProductsProps {
  category: TShopCategory;
  onOpen: (product: TShopProduct) => void;
}

/** Every product of one subcategory, in shop order; a drop saves the new order at once. */
function SubcategoryProducts({ category, onOpen }: SubcategoryProductsProps) {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = allProductsQuery(category.id);
  const list = useQuery(query);

  const move = async (ids: string[]) => {
    const saved = await saveOrderOptimistically<TShopProduct[]>({
      queryClient,
      queryKey: query.queryKey,
      update: (products) => applyOrder(products, ids),
      save: () => orderProducts(category.id, ids),
    });
    if (!saved) void message.error(t('product.order.failed'));
  };

  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('product.order.hint', { name: category.name })}
      />
      <ProductTable
        products={list.data ?? []}
        isLoading={list.isLoading}
        pagination={false}
        onOpen={onOpen}
        onMove={(ids) => void move(ids)}
      />
    </>
  );
}
