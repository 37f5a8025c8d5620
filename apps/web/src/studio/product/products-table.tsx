import type { TShopProduct } from '@linkstore/contract';
import {
  App,
  Avatar,
  Button,
  Empty,
  Pagination,
  Rate,
  Spin,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../shared/layout/use-is-phone';
import { useMoney } from '../../shared/money/use-money';
import { selectAllTitle } from '../../shared/table/select-all-title';
import { fileUrl } from '../../shared/upload/upload-api';
import { useSetVisibility } from './api';
import { formatBasisPoints, formatRating, ratingToHalfStars } from './format';
import styles from './product-page.module.css';
import { VariantsToggle } from './variants-toggle';
import { ProductVariants } from './product-variants';
import { RowDragHandle, SortableGroup, SortableRow } from './sortable';
import { useOpenVariants } from './use-open-variants';

interface ProductTableProps {
  products: TShopProduct[];
  isLoading: boolean;
  /** Paging of the server's list; false shows every row (the drag-sort of one subcategory). */
  pagination: TablePaginationConfig | false;
  /** Given: rows carry a drag handle and a drop sends the new order. */
  onMove?: ((ids: string[]) => void) | undefined;
  onOpen: (product: TShopProduct) => void;
}

/** Shows or hides products in the shop, confirming how many; `onDone` gets the ids changed. */
/** One amount, or "lowest – highest" when a product's variants are priced apart. */
function formatRange(money: { format: (minor: number) => string }, lowest: number, highest: number): string {
  return lowest === highest ? money.format(lowest) : `${money.format(lowest)} – ${money.format(highest)}`;
}

function useChangeVisibility(onDone: (ids: string[]) => void = () => undefined) {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const visibility = useSetVisibility();
  const busy = visibility.isPending ? visibility.variables.productIds : [];
  const change = (ids: string[], visible: 0 | 1) =>
    visibility.mutate(
      { productIds: ids, visible },
      {
        onSuccess: () => {
          void message.success(
            t(visible === 1 ? 'product.visibility.shown' : 'product.visibility.hidden', {
              count: ids.length,
            }),
          );
          onDone(ids);
        },
      },
    );
  return { busy, change };
}

/**
 * The products: a table on wide screens, cards below 768 px (where a 10-column table would make
 * the page scroll sideways). On phones the drag-sort of a subcategory is left to wide screens.
 */
export function ProductTable(props: ProductTableProps) {
  return useIsPhone() ? <ProductCards {...props} /> : <ProductRows {...props} />;
}

/**
 * The products with what they cost, sell for and earn, how often they are clicked and rated,
 * and whether the shop shows them; rows can be shown or hidden one by one or selected together.
 */
function ProductRows({ products, isLoading, pagination, onMove, onOpen }: ProductTableProps) {
  const { t } = useTranslation('studio');
  const money = useMoney();
  const [selected, setSelected] = useState<string[]>([]);
  const variants = useOpenVariants();
  const { busy, change: changeVisibility } = useChangeVisibility((ids) =>
    setSelected((keys) => keys.filter((key) => !ids.includes(key))),
  );

  const columns: TableColumnsType<TShopProduct> = [
    {
      title: t('product.field.image'),
      dataIndex: 'imageUrl',
      render: (url: string | null, product) =>
        url ? (
          <Avatar
            shape="square"
            size={40}
            src={fileUrl(url)}
            alt={t('product.imageOf', { name: product.title })}
          />
        ) : null,
    },
    {
      title: t('product.field.title'),
      dataIndex: 'title',
      render: (title: string, product) => (
        <Button
          type="link"
          style={{ padding: 0, whiteSpace: 'normal', textAlign: 'start' }}
          onClick={() => onOpen(product)}
        >
          {title}
        </Button>
      ),
    },
    { title: t('product.field.category'), dataIndex: 'categoryName' },
    {
      title: t('product.field.cost'),
      key: 'cost',
      align: 'right',
      render: (_, product) => formatRange(money, product.minCostMinor, product.maxCostMinor),
    },
    {
      title: t('product.field.selling'),
      key: 'selling',
      align: 'right',
      render: (_, product) => formatRange(money, product.minSellingMinor, product.maxSellingMinor),
    },
    {
      title: t('product.field.profit'),
      key: 'profit',
      align: 'right',
      render: (_, product) => formatRange(money, product.minProfitMinor, product.maxProfitMinor),
    },
    {
      title: t('product.field.stock'),
      key: 'stock',
      align: 'right',
      render: (_, product) =>
        product.variants > 1 ? (
          <>
            {product.stock}
            <br />
            <VariantsToggle
              label={t('product.variantCount', { count: product.variants })}
              name={t('product.variants.toggle', { count: product.variants, name: product.title })}
              isOpen={variants.open.includes(product.id)}
              onToggle={() => variants.toggle(product.id)}
            />
          </>
        ) : (
          product.stock
        ),
    },
    { title: t('product.field.clicks'), dataIndex: 'clicks', align: 'right' },
    {
      title: t('product.field.ctr'),
      dataIndex: 'clickThroughBasisPoints',
      align: 'right',
      render: formatBasisPoints,
    },
    {
      title: t('product.field.rating'),
      key: 'rating',
      render: (_, product) => <RatingCell tenths={product.ratingTenths} count={product.reviewCount} />,
    },
    {
      title: t('product.field.visible'),
      dataIndex: 'visible',
      // Always in sight: when the columns are wider than the screen, the others scroll under it.
      fixed: 'right',
      render: (visible: 0 | 1, product) => (
        <Switch
          size="small"
          checked={visible === 1}
          loading={busy.includes(product.id)}
          aria-label={t('product.visibility.switch', { name: product.title })}
          onChange={(checked) => changeVisibility([product.id], checked ? 1 : 0)}
        />
      ),
    },
  ];
  if (onMove) {
    columns.unshift({
      key: 'drag',
      width: 40,
      render: (_, product) => <RowDragHandle label={t('product.drag.product', { name: product.title })} />,
    });
  }

  const table = (
    <Table<TShopProduct>
      rowKey="id"
      size="middle"
      // Columns may wrap to fit the width; only what still does not fit scrolls, inside the table.
      scroll={{ x: true }}
      columns={columns}
      dataSource={products}
      loading={isLoading}
      pagination={pagination}
      expandable={{
        expandedRowKeys: variants.open,
        showExpandColumn: false,
        expandedRowRender: (product) => <ProductVariants productId={product.id} title={product.title} />,
      }}
      rowSelection={{
        selectedRowKeys: selected,
        columnTitle: selectAllTitle,
        onChange: (keys) => setSelected(keys.map(String)),
      }}
      {...(onMove ? { components: { body: { row: SortableRow } } } : {})}
    />
  );
  const nameOf = (id: string) => products.find((product) => product.id === id)?.title ?? id;

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button disabled={selected.length === 0} onClick={() => changeVisibility(selected, 1)}>
          {t('product.visibility.showSelected', { count: selected.length })}
        </Button>
        <Button disabled={selected.length === 0} onClick={() => changeVisibility(selected, 0)}>
          {t('product.visibility.hideSelected', { count: selected.length })}
        </Button>
      </Space>
      {onMove ? (
        <SortableGroup ids={products.map((product) => product.id)} nameOf={nameOf} onMove={onMove}>
          {table}
        </SortableGroup>
      ) : (
        table
      )}
    </>
  );
}

/**
 * One card per product: image, title (opens it), category, selling price, profit, rating and the
 * "In shop" switch, with the server's paging under the list.
 */
function ProductCards({ products, isLoading, pagination, onOpen }: ProductTableProps) {
  const { t } = useTranslation('studio');
  const money = useMoney();
  const { busy, change } = useChangeVisibility();
  const variants = useOpenVariants();
  return (
    <Spin spinning={isLoading}>
      {products.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className={styles.cards} aria-label={t('product.tabs.products')}>
          {products.map((product) => (
            <li key={product.id} className={styles.card}>
              {product.imageUrl ? (
                <Avatar
                  shape="square"
                  size={64}
                  src={fileUrl(product.imageUrl)}
                  alt={t('product.imageOf', { name: product.title })}
                />
              ) : (
                <span className={styles.cardNoImage} />
              )}
              <div className={styles.cardBody}>
                <Button type="link" className={styles.cardTitle} onClick={() => onOpen(product)}>
                  {product.title}
                </Button>
                <span className={styles.cardMuted}>{product.categoryName}</span>
                <dl className={styles.cardFigures}>
                  <div>
                    <dt>{t('product.field.selling')}</dt>
                    <dd>{formatRange(money, product.minSellingMinor, product.maxSellingMinor)}</dd>
                  </div>
                  <div>
                    <dt>{t('product.field.profit')}</dt>
                    <dd>{formatRange(money, product.minProfitMinor, product.maxProfitMinor)}</dd>
                  </div>
                  <div>
                    <dt>{t('product.field.rating')}</dt>
                    <dd>
                      <RatingText tenths={product.ratingTenths} count={product.reviewCount} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('product.field.stock')}</dt>
                    <dd>{product.stock}</dd>
                  </div>
                </dl>
                {product.variants > 1 && (
                  <VariantsToggle
                    label={t('product.variantCount', { count: product.variants })}
                    name={t('product.variants.toggle', { count: product.variants, name: product.title })}
                    isOpen={variants.open.includes(product.id)}
                    onToggle={() => variants.toggle(product.id)}
                  />
                )}
                {variants.open.includes(product.id) && (
                  <ProductVariants productId={product.id} title={product.title} />
                )}
                <div className={styles.cardSwitch}>
                  <span aria-hidden>{t('product.field.visible')}</span>
                  <Switch
                    checked={product.visible === 1}
                    loading={busy.includes(product.id)}
                    aria-label={t('product.visibility.switch', { name: product.title })}
                    onChange={(checked) => change([product.id], checked ? 1 : 0)}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pagination && (
        <Pagination
          className={styles.cardPaging}
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          showLessItems
          showSizeChanger={false}
          {...(pagination.showTotal ? { showTotal: pagination.showTotal } : {})}
          {...(pagination.onChange ? { onChange: pagination.onChange } : {})}
        />
      )}
    </Spin>
  );
}

/** A card's rating as text (a star, the rating and the count); a dash before the first review. */
function RatingText({ tenths, count }: { tenths: number | null; count: number }) {
  const rating = formatRating(tenths);
  if (tenths === null || rating === null) return <span>—</span>;
  return (
    <span>
      <span aria-hidden>★ </span>
      {rating} ({count})
    </span>
  );
}

/** The stars and count of a row; a dash before the first review. */
function RatingCell({ tenths, count }: { tenths: number | null; count: number }) {
  const { t } = useTranslation('studio');
  const rating = formatRating(tenths);
  if (tenths === null || rating === null) return <span>—</span>;
  return (
    <Space size={4} title={t('product.rating', { rating, count })}>
      <Rate disabled allowHalf value={ratingToHalfStars(tenths)} className={styles.stars} />
      <span className={styles.nowrap}>
        {rating} ({count})
      </span>
    </Space>
  );
}
