import type { TCreatorOrder, TOrderStatus } from '@linkstore/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  Avatar,
  Button,
  DatePicker,
  Input,
  Select,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/money/use-money';
import { fileUrl } from '../../shared/upload/upload-api';
import { ordersInfiniteQuery, type TOrderFilters } from './api';
import { OrderDrawer } from './order-drawer';
import styles from './order-page.module.css';
import { OrderStatusTag } from './order-status-tag';
import { ScrollFooter, scrollFooterState } from './scroll-footer';
import { useDateTime } from './use-date-time';

type TStatusFilter = 'all' | `${TOrderStatus}`;

/**
 * `#/order`: the orders placed in the creator's shop, searched by product name, status and
 * (UTC) days, newest first, loaded page after page as the list is scrolled.
 */
export function OrderPage() {
  const { t } = useTranslation('orders');
  const [filters, setFilters] = useState<TOrderFilters>({});
  const [openNo, setOpenNo] = useState<string | undefined>();
  const list = useInfiniteQuery({ ...ordersInfiniteQuery(filters), placeholderData: keepPreviousData });
  const orders = list.data?.pages.flatMap((page) => page.list) ?? [];
  const footer = scrollFooterState(list);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const change = (next: Partial<TOrderFilters>) => setFilters((current) => ({ ...current, ...next }));

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('orders.heading')}
      </Typography.Title>
      <Space wrap role="search" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label={t('orders.search.keywords')}
          placeholder={t('orders.search.keywords')}
          onSearch={(keywords) => change({ keywords })}
          style={{ width: 240 }}
        />
        <Select<TStatusFilter>
          aria-label={t('orders.search.status')}
          defaultValue="all"
          style={{ width: 180 }}
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
      {list.data && (
        <Typography.Paragraph type="secondary">
          {t('orders.total', { count: list.data.pages[0]?.total ?? 0 })}
        </Typography.Paragraph>
      )}
      <OrderTable
        orders={orders}
        isLoading={list.isFetching && !list.isFetchingNextPage}
        onOpen={setOpenNo}
      />
      {footer && orders.length > 0 && <ScrollFooter state={footer} onLoadMore={loadMore} />}
      <OrderDrawer orderNo={openNo} onClose={() => setOpenNo(undefined)} />
    </>
  );
}

interface OrderTableProps {
  orders: TCreatorOrder[];
  isLoading: boolean;
  onOpen: (orderNo: string) => void;
}

function OrderTable({ orders, isLoading, onOpen }: OrderTableProps) {
  const { t } = useTranslation('orders');
  const money = useMoney();
  const dateTime = useDateTime();
  const columns: TableColumnsType<TCreatorOrder> = [
    {
      title: t('orders.field.product'),
      key: 'product',
      render: (_, order) => <ProductCell order={order} onOpen={onOpen} />,
    },
    { title: t('orders.field.quantity'), dataIndex: 'quantity', align: 'right' },
    {
      title: t('orders.field.platformPrice'),
      dataIndex: 'platformCents',
      align: 'right',
      render: money.format,
    },
    { title: t('orders.field.profit'), dataIndex: 'profitCents', align: 'right', render: money.format },
    { title: t('orders.field.orderTime'), dataIndex: 'createdAt', render: dateTime },
    {
      title: t('orders.field.status'),
      dataIndex: 'status',
      render: (status: TOrderStatus) => <OrderStatusTag status={status} />,
    },
  ];
  return (
    <Table<TCreatorOrder>
      rowKey="orderNo"
      size="middle"
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={orders}
      loading={isLoading}
      pagination={false}
      locale={{ emptyText: t('orders.empty') }}
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
          style={{ padding: 0 }}
          aria-label={t('orders.open', { orderNo: order.orderNo })}
          onClick={() => onOpen(order.orderNo)}
        >
          {t('orders.orderNo', { orderNo: order.orderNo })}
        </Button>
      </div>
    </div>
  );
}
