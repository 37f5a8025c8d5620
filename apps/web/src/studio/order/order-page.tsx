import { ordersRoutes, type TCreatorOrder, type TOrderStatus } from '@linkstore/contract';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Checkbox,
  DatePicker,
  Empty,
  Flex,
  Input,
  Select,
  Space,
  Spin,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { routeKey } from '../../shared/http/call-route';
import { useIsPhone } from '../../shared/layout/use-is-phone';
import { useMoney } from '../../shared/money/use-money';
import { selectAllTitle } from '../../shared/table/select-all-title';
import { fileUrl } from '../../shared/upload/upload-api';
import { ExportButtons } from '../layout/export-buttons';
import { ordersInfiniteQuery, ordersQueryOf, type TOrderFilters } from './api';
import { OrderDrawer } from './order-drawer';
import styles from './order-page.module.css';
import { orderProfitText } from './order-money';
import { OrderStatusTag } from './order-status-tag';
import { PayDialog } from './pay-dialog';
import { ScrollFooter, scrollFooterState } from './scroll-footer';
import { PageHeading } from '../layout/page-heading';
import { useMoment } from '../../shared/format/use-format';

type TStatusFilter = 'all' | `${TOrderStatus}`;

/** `?status=2` (as the payment's "View order" opens the list), else all statuses. */
function statusOf(value: string | null): TOrderStatus | undefined {
  return value === '0' || value === '1' || value === '2' ? (Number(value) as TOrderStatus) : undefined;
}

/**
 * `#/order`: the orders placed in the creator's shop, searched by product name, status and
 * (UTC) days, newest first, loaded page after page as the list is scrolled.
 */
export function OrderPage() {
  const { t } = useTranslation('orders');
  const { t: tStudio } = useTranslation('studio');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [filters, setFilters] = useState<TOrderFilters>(() => ({ status: statusOf(search.get('status')) }));
  const [openNo, setOpenNo] = useState<string | undefined>(() => search.get('open') ?? undefined);
  /** Unpaid orders ticked for one payment, by number. */
  const [selected, setSelected] = useState<string[]>([]);
  /** The numbers of the orders the payment dialog pays; closed when undefined. */
  const [paying, setPaying] = useState<string[] | undefined>();
  const list = useInfiniteQuery({ ...ordersInfiniteQuery(filters), placeholderData: keepPreviousData });
  const orders = list.data?.pages.flatMap((page) => page.list) ?? [];
  const footer = scrollFooterState(list);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const change = (next: Partial<TOrderFilters>) => setFilters((current) => ({ ...current, ...next }));
  const payable = orders.filter((order) => order.status === 0);
  const chosen = payable.filter((order) => selected.includes(order.orderNo));
  // Still unpaid as the list now says: an order its buyer paid leaves the dialog on the reload.
  const toPay = paying ? payable.filter((order) => paying.includes(order.orderNo)) : [];
  const payBulk = () => {
    if (chosen.length === 0) void message.warning(t('orders.pay.selectFirst'));
    else setPaying(chosen.map((order) => order.orderNo));
  };
  /**
   * Some orders were paid by their buyers meanwhile (A0660, nothing was charged; the message
   * names them): the list reloads, they leave the selection and the dialog, which stays open
   * with the rest and its new total to confirm again (closed when none is left).
   */
  const takeOut = () => void queryClient.invalidateQueries({ queryKey: routeKey(ordersRoutes.list) });

  return (
    <>
      <PageHeading>{t('orders.heading')}</PageHeading>
      <Space wrap role="search" className={styles.search}>
        <Input.Search
          allowClear
          aria-label={t('orders.search.keywords')}
          placeholder={t('orders.search.keywords')}
          onSearch={(keywords) => change({ keywords })}
          className={styles.searchField}
        />
        <Select<TStatusFilter>
          aria-label={t('orders.search.status')}
          defaultValue={filters.status === undefined ? 'all' : (`${filters.status}` as TStatusFilter)}
          className={styles.statusField}
          onChange={(value) =>
            change({ status: value === 'all' ? undefined : (Number(value) as TOrderStatus) })
          }
          options={[
            { value: 'all', label: t('orders.search.allStatuses') },
            { value: '0', label: t('status.0') },
            { value: '1', label: t('status.1') },
            { value: '2', label: t('status.2') },
          ]}
        />
        <DatePicker.RangePicker
          aria-label={t('orders.search.dates')}
          placeholder={[t('orders.search.startDate'), t('orders.search.endDate')]}
          onChange={(_, [from, to]) => change({ from: from || undefined, to: to || undefined })}
        />
        <Typography.Text type="secondary">{t('orders.utcNote')}</Typography.Text>
      </Space>
      <div className={styles.toolbar}>
        {list.data && (
          <Typography.Text type="secondary">
            {list.data.pages[0]?.totalIsCapped
              ? t('orders.totalCapped', { count: list.data.pages[0].total })
              : t('orders.total', { count: list.data.pages[0]?.total ?? 0 })}
          </Typography.Text>
        )}
        <Flex wrap gap="small">
          <ExportButtons
            route={ordersRoutes.export}
            query={ordersQueryOf(filters)}
            label={tStudio('exports.orders')}
          />
          <Button type="primary" className={styles.tap} onClick={payBulk}>
            {chosen.length > 0 ? t('orders.pay.bulkCount', { count: chosen.length }) : t('orders.pay.bulk')}
          </Button>
        </Flex>
      </div>
      <OrderTable
        orders={orders}
        // Only while the list has nothing (first read) or shows another filter's rows: a read in
        // the background (live news, a reconnect) must not cover rows the creator is clicking.
        isLoading={list.isPending || list.isPlaceholderData}
        onOpen={setOpenNo}
        selected={selected}
        onSelect={setSelected}
        onPay={(order) => setPaying([order.orderNo])}
      />
      {footer && orders.length > 0 && <ScrollFooter state={footer} onLoadMore={loadMore} />}
      <OrderDrawer orderNo={openNo} onClose={() => setOpenNo(undefined)} />
      {toPay.length > 0 && (
        <PayDialog orders={toPay} onClose={() => setPaying(undefined)} onTakenOut={takeOut} />
      )}
    </>
  );
}

interface OrderTableProps {
  orders: TCreatorOrder[];
  isLoading: boolean;
  onOpen: (orderNo: string) => void;
  /** Ticked unpaid orders (only status 0 can be ticked). */
  selected: string[];
  onSelect: (orderNos: string[]) => void;
  /** "Pay now" on one unpaid order. */
  onPay: (order: TCreatorOrder) => void;
}

/** A table on wide screens, a card per order below 768 px. */
function OrderTable(props: OrderTableProps) {
  return useIsPhone() ? <OrderCards {...props} /> : <OrderRows {...props} />;
}

/**
 * One card per order: product, status, amount (the platform price the creator pays), profit and
 * time; the order number opens the detail, an unpaid order can be ticked or paid at once.
 */
function OrderCards({ orders, isLoading, onOpen, selected, onSelect, onPay }: OrderTableProps) {
  const { t } = useTranslation('orders');
  const money = useMoney();
  const dateTime = useMoment();
  if (orders.length === 0)
    return isLoading ? (
      <Spin />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.empty')} />
    );
  return (
    <Spin spinning={isLoading}>
      <ul className={styles.cards} aria-label={t('orders.heading')}>
        {orders.map((order) => (
          <li key={order.orderNo} className={styles.card}>
            <div className={styles.cardHead}>
              <ProductCell order={order} onOpen={onOpen} />
              <OrderStatusTag order={order} />
            </div>
            <dl className={styles.cardFigures}>
              <div>
                <dt>{t('orders.field.platformPrice')}</dt>
                <dd>{money.format(order.platformMinor)}</dd>
              </div>
              <div>
                <dt>{t('orders.field.profit')}</dt>
                <dd>{orderProfitText(order, money.format, t)}</dd>
              </div>
              <div>
                <dt>{t('orders.field.quantity')}</dt>
                <dd>{order.quantity}</dd>
              </div>
              <div>
                <dt>{t('orders.field.orderTime')}</dt>
                <dd>{dateTime(order.createdAt)}</dd>
              </div>
            </dl>
            {order.status === 0 && (
              <div className={styles.cardActions}>
                <Checkbox
                  checked={selected.includes(order.orderNo)}
                  aria-label={t('orders.pay.select', { orderNo: order.orderNo })}
                  onChange={(event) =>
                    onSelect(
                      event.target.checked
                        ? [...selected, order.orderNo]
                        : selected.filter((orderNo) => orderNo !== order.orderNo),
                    )
                  }
                />
                <Button
                  className={styles.tap}
                  aria-label={t('orders.pay.payNowOf', { orderNo: order.orderNo })}
                  onClick={() => onPay(order)}
                >
                  {t('orders.pay.payNow')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </Spin>
  );
}

function OrderRows({ orders, isLoading, onOpen, selected, onSelect, onPay }: OrderTableProps) {
  const { t } = useTranslation('orders');
  const money = useMoney();
  const dateTime = useMoment();
  const columns: TableColumnsType<TCreatorOrder> = [
    {
      title: t('orders.field.product'),
      key: 'product',
      render: (_, order) => <ProductCell order={order} onOpen={onOpen} />,
    },
    { title: t('orders.field.quantity'), dataIndex: 'quantity', align: 'right' },
    {
      title: t('orders.field.platformPrice'),
      dataIndex: 'platformMinor',
      align: 'right',
      render: money.format,
    },
    {
      title: t('orders.field.profit'),
      key: 'profit',
      align: 'right',
      render: (_, order) => orderProfitText(order, money.format, t),
    },
    { title: t('orders.field.orderTime'), dataIndex: 'createdAt', render: dateTime },
    {
      title: t('orders.field.status'),
      key: 'status',
      render: (_, order) => <OrderStatusTag order={order} />,
    },
    {
      title: t('orders.pay.action'),
      key: 'action',
      render: (_, order) =>
        order.status === 0 && (
          <Button
            className={styles.tap}
            aria-label={t('orders.pay.payNowOf', { orderNo: order.orderNo })}
            onClick={() => onPay(order)}
          >
            {t('orders.pay.payNow')}
          </Button>
        ),
    },
  ];
  return (
    <Table<TCreatorOrder>
      className={styles.table}
      rowKey="orderNo"
      size="middle"
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={orders}
      loading={isLoading}
      pagination={false}
      locale={{ emptyText: t('orders.empty') }}
      rowSelection={{
        selectedRowKeys: selected,
        columnTitle: selectAllTitle,
        onChange: (keys) => onSelect(keys.map(String)),
        getCheckboxProps: (order) => ({
          disabled: order.status !== 0,
          'aria-label': t('orders.pay.select', { orderNo: order.orderNo }),
        }),
        renderCell: (_, order, __, node) => (order.status === 0 ? node : null),
        hideSelectAll: false,
      }}
    />
  );
}

/** The first product's image and title, how many others, and the order number opening the detail. */
function ProductCell({ order, onOpen }: { order: TCreatorOrder; onOpen: (orderNo: string) => void }) {
  const { t } = useTranslation('orders');
  const [first] = order.items;
  return (
    <div className={styles.product}>
      {first?.imageUrl && (
        <Avatar
          shape="square"
          size={48}
          src={fileUrl(first.imageUrl)}
          alt={t('orders.imageOf', { name: first.title })}
        />
      )}
      <div className={styles.productText}>
        <span>
          {first?.title}
          {order.items.length > 1 && (
            <Typography.Text type="secondary">
              {' '}
              {t('orders.moreItems', { count: order.items.length - 1 })}
            </Typography.Text>
          )}
        </span>
        <Button
          type="link"
          size="small"
          className={styles.openOrder}
          aria-label={t('orders.open', { orderNo: order.orderNo })}
          onClick={() => onOpen(order.orderNo)}
        >
          {t('orders.orderNo', { orderNo: order.orderNo })}
        </Button>
      </div>
    </div>
  );
}
