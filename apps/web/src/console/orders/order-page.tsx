import { DownloadOutlined, EyeOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import {
  consoleOrdersRoutes,
  isTrackingNo,
  SHIPPING_CARRIERS,
  ZShippingCarrier,
  type TConsoleOrder,
  type TShippingCarrier,
} from '@linkstore/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Form,
  Input,
  Modal,
  Segmented,
  Select,
  Space,
  Table,
  Typography,
  type FormInstance,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../shared/http/http-error';
import { useFormatMoney, useMoment } from '../../shared/format/use-format';
import { useCanCall } from '../../shared/permission/access';
import { selectAllTitle } from '../../shared/table/select-all-title';
import { CrudPage } from '../shared/crud-page';
import { SearchBar } from '../shared/search-bar';
import { CONSOLE_TABLE_LAYOUT, consoleColumns, oneLine } from '../shared/table-layout';
import { RouteButton } from '../shared/toolbar';
import { useFocusableScroll } from '../shared/use-focusable-scroll';
import {
  consoleOrdersInfiniteQuery,
  openFlagCountQuery,
  useExportOrders,
  useShipOrders,
  type TConsoleOrderFilters,
} from './api';
import { ImportTrackingDialog } from './import-tracking-dialog';
import { OrderDetailDrawer } from './order-detail';
import { FlagTags, isShippable, StatusTag, ToPack, useCarrierName } from './order-parts';

const INITIAL_FILTERS: TConsoleOrderFilters = {
  orderNo: '',
  buyerEmail: '',
  shop: '',
  product: '',
  status: undefined,
  flagged: undefined,
  from: '',
  to: '',
};
/**
 * Every shop's orders (`commerce/orders`): filters, keyset "load more", the detail drawer and
 * shipping paid orders, one or the selected ones, with carrier and tracking number.
 */
export default function ConsoleOrderPage() {
  const { t } = useTranslation('orders');
  const money = useFormatMoney();
  const moment = useMoment();
  const carrierName = useCarrierName();
  const canCall = useCanCall();
  const canShip = canCall(consoleOrdersRoutes.ship);
  const [searched, setSearched] = useState<TConsoleOrderFilters>(INITIAL_FILTERS);
  // The quick filter: every order, or the flagged queue (open flags), over the other filters.
  const [queue, setQueue] = useState<'all' | 'flagged'>('all');
  const filters = useMemo(
    () => (queue === 'flagged' ? { ...searched, flagged: 'open' as const } : searched),
    [queue, searched],
  );
  const list = useInfiniteQuery(consoleOrdersInfiniteQuery(filters));
  const openFlags = useQuery(openFlagCountQuery());
  const exportOrders = useExportOrders();
  const [isImportOpen, setIsImportOpen] = useState(false);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.list) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const [selected, setSelected] = useState<string[]>([]);
  const [shipping, setShipping] = useState<TConsoleOrder[] | undefined>();
  const [opened, setOpened] = useState<string | undefined>();
  const scrollBox = useFocusableScroll<HTMLDivElement>();

  const search = (values: TConsoleOrderFilters) => {
    setSelected([]);
    setSearched(values);
  };
  const selectedOrders = rows.filter((row) => selected.includes(row.orderNo) && isShippable(row));

  const columns: TableColumnsType<TConsoleOrder> = [
    oneLine<TConsoleOrder>({ title: t('console.orderNo'), dataIndex: 'orderNo' }),
    { title: t('console.shop'), dataIndex: 'shopName' },
    { title: t('console.buyerEmail'), dataIndex: 'buyerEmail' },
    {
      title: t('console.status'),
      key: 'status',
      render: (_, order) => <StatusTag order={order} />,
    },
    {
      title: t('console.flag'),
      dataIndex: 'flag',
      render: (_: unknown, order) => (order.flag === null ? t('console.none') : <FlagTags order={order} />),
    },
    { title: t('console.items'), dataIndex: 'quantity', align: 'right' },
    {
      title: t('console.total'),
      dataIndex: 'totalMinor',
      align: 'right',
      render: (cents: number, order) => money(cents, order.currencyCode),
    },
    {
      title: t('console.refunded'),
      dataIndex: 'refundedMinor',
      align: 'right',
      render: (cents: number, order) => (cents > 0 ? money(cents, order.currencyCode) : t('console.none')),
    },
    { title: t('console.placed'), dataIndex: 'createdAt', render: moment },
    {
      title: t('console.shipment'),
      dataIndex: 'shipment',
      render: (shipment: TConsoleOrder['shipment']) =>
        shipment ? `${carrierName(shipment.carrier)} ${shipment.trackingNo}` : t('console.none'),
    },
    {
      title: t('console.actions'),
      key: 'actions',
      render: (_: unknown, order) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined aria-hidden />}
            aria-label={`${t('console.detail')} ${order.orderNo}`}
            onClick={() => setOpened(order.orderNo)}
          >
            {t('console.detail')}
          </Button>
          {canShip && isShippable(order) && (
            <Button
              type="link"
              size="small"
              icon={<SendOutlined aria-hidden />}
              aria-label={t('console.shipLabel', { orderNo: order.orderNo })}
              onClick={() => setShipping([order])}
            >
              {t('console.ship')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <CrudPage
      title={t('console.title')}
      search={
        <SearchBar<TConsoleOrderFilters> initialValues={INITIAL_FILTERS} onSearch={search}>
          <Form.Item name="orderNo" label={t('console.orderNo')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="buyerEmail" label={t('console.buyerEmail')}>
            <Input allowClear maxLength={254} />
          </Form.Item>
          <Form.Item name="shop" label={t('console.shop')}>
            <Input allowClear maxLength={100} />
          </Form.Item>
          <Form.Item name="product" label={t('console.product')}>
            <Input allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="status" label={t('console.status')}>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('console.all')}
              options={([0, 1, 2] as const).map((status) => ({
                value: status,
                label: t(`status.${status}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="flagged" label={t('console.flag')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('console.all')}
              options={[
                { value: 'true', label: t('console.flagged') },
                { value: 'false', label: t('console.unflagged') },
              ]}
            />
          </Form.Item>
          <Form.Item name="from" label={t('console.from')}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="to" label={t('console.to')}>
            <Input type="date" />
          </Form.Item>
        </SearchBar>
      }
      toolbar={
        <>
          <Segmented<'all' | 'flagged'>
            aria-label={t('console.queue')}
            value={queue}
            onChange={(value) => {
              setSelected([]);
              setQueue(value);
            }}
            options={[
              { value: 'all', label: t('console.queueAll') },
              {
                value: 'flagged',
                label: (
                  <Space size={6}>
                    {t('console.queueFlagged')}
                    <Badge count={openFlags.data ?? 0} showZero size="small" overflowCount={999} />
                  </Space>
                ),
              },
            ]}
          />
          {canShip && (
            <Button
              icon={<SendOutlined aria-hidden />}
              disabled={selectedOrders.length === 0}
              onClick={() => setShipping(selectedOrders)}
            >
              {t('console.shipSelected', { count: selectedOrders.length })}
            </Button>
          )}
          <RouteButton
            route={consoleOrdersRoutes.shipImport}
            icon={<UploadOutlined aria-hidden />}
            onClick={() => setIsImportOpen(true)}
          >
            {t('console.importTracking')}
          </RouteButton>
          <RouteButton
            route={consoleOrdersRoutes.export}
            icon={<DownloadOutlined aria-hidden />}
            loading={exportOrders.isPending}
            onClick={() => exportOrders.mutate(filters)}
          >
            {t('console.export')}
          </RouteButton>
        </>
      }
    >
      {/*
        Laid out as every console list: compact rows, dates on one line, the actions fixed on the
        right while the table scrolls sideways in its own box (focusable while it overflows).
        \`selectAllTitle\` keeps the "Select all" checkbox out of antd's hidden measuring row.
      */}
      <div ref={scrollBox}>
        <Table<TConsoleOrder>
          {...CONSOLE_TABLE_LAYOUT}
          rowKey="orderNo"
          columns={consoleColumns(columns)}
          dataSource={rows}
          loading={list.isPending}
          pagination={false}
          {...(canShip
            ? {
                rowSelection: {
                  columnTitle: selectAllTitle,
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(String)),
                  getCheckboxProps: (order: TConsoleOrder) => ({
                    disabled: !isShippable(order),
                    'aria-label': order.orderNo,
                  }),
                },
              }
            : {})}
        />
      </div>
      <Space style={{ marginTop: 12 }}>
        {/* Said once the list has answered: while a search runs there is no count, not "0 of 0". */}
        {!list.isPending && (
          <Typography.Text type="secondary">
            {t('console.count', { shown: rows.length, total })}
          </Typography.Text>
        )}
        {list.hasNextPage ? (
          <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('console.loadMore')}
          </Button>
        ) : (
          !list.isPending && <Typography.Text type="secondary">{t('console.noMore')}</Typography.Text>
        )}
      </Space>
      {shipping && (
        <ShipDialog
          orders={shipping}
          onClose={(shipped) => {
            setShipping(undefined);
            if (shipped) setSelected([]);
          }}
        />
      )}
      <OrderDetailDrawer orderNo={opened} onClose={() => setOpened(undefined)} />
      {isImportOpen && <ImportTrackingDialog onClose={() => setIsImportOpen(false)} />}
    </CrudPage>
  );
}

interface TShipForm {
  items: { carrier?: TShippingCarrier | undefined; trackingNo: string }[];
}

const normalized = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** Server field errors `items.N.carrier|trackingNo` on their row; others (the order's state) listed. */
function applyShipErrors(form: FormInstance<TShipForm>, error: unknown): string[] {
  if (!isHttpError(error) || !error.data) return [];
  const rest: string[] = [];
  const fields: { name: (string | number)[]; errors: string[] }[] = [];
  for (const { field, message } of error.data.fields) {
    const match = /^items\.(\d+)\.(carrier|trackingNo)$/.exec(field);
    if (match) fields.push({ name: ['items', Number(match[1]), match[2] ?? ''], errors: [message] });
    else rest.push(message);
  }
  form.setFields(fields as never);
  return rest;
}

/** One dialog for one order or several: a carrier and a tracking number per order. */
function ShipDialog({ orders, onClose }: { orders: TConsoleOrder[]; onClose: (shipped: boolean) => void }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const carrierName = useCarrierName();
  const [form] = Form.useForm<TShipForm>();
  const [problems, setProblems] = useState<string[]>([]);
  const ship = useShipOrders();
  const single = orders.length === 1 ? orders[0] : undefined;
  const submit = async () => {
    const values = await form.validateFields();
    setProblems([]);
    try {
      await ship.mutateAsync(
        orders.map((order, i) => ({
          orderNo: order.orderNo,
          carrier: values.items[i]?.carrier ?? 'other',
          trackingNo: normalized(values.items[i]?.trackingNo ?? ''),
          version: order.version,
        })),
      );
    } catch (error) {
      setProblems(applyShipErrors(form, error));
      return;
    }
    void message.success(
      single
        ? t('console.shippedOne', { orderNo: single.orderNo })
        : t('console.shipped', { count: orders.length }),
    );
    onClose(true);
  };
  const carrierOptions = SHIPPING_CARRIERS.map((carrier) => ({
    value: carrier,
    label: carrierName(carrier),
  }));
  return (
    <Modal
      open
      width={single ? 520 : 760}
      title={
        single
          ? t('console.shipTitle', { orderNo: single.orderNo })
          : t('console.bulkTitle', { count: orders.length })
      }
      okText={t('console.ship')}
      confirmLoading={ship.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => onClose(false)}
    >
      <Typography.Paragraph type="secondary">{t('console.shipHint')}</Typography.Paragraph>
      {single && <ToPack orderNo={single.orderNo} />}
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
        />
      )}
      <Form
        form={form}
        name="ship-orders"
        layout={single ? 'vertical' : 'inline'}
        initialValues={{ items: orders.map(() => ({ carrier: undefined, trackingNo: '' })) }}
      >
        {orders.map((order, i) => (
          <Space key={order.orderNo} align="start" wrap style={{ width: '100%' }}>
            {!single && <Typography.Text style={{ lineHeight: '32px' }}>{order.orderNo}</Typography.Text>}
            <Form.Item
              name={['items', i, 'carrier']}
              label={t('console.carrier')}
              rules={[{ required: true, message: t('console.carrierRequired') }]}
            >
              <Select
                style={{ width: 180 }}
                options={carrierOptions}
                aria-label={single ? undefined : `${t('console.carrier')} ${order.orderNo}`}
              />
            </Form.Item>
            <Form.Item
              name={['items', i, 'trackingNo']}
              label={t('console.trackingNo')}
              dependencies={[['items', i, 'carrier']]}
              rules={[
                { required: true, whitespace: true, message: t('console.trackingRequired') },
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) => {
                    const carrier = ZShippingCarrier.safeParse(getFieldValue(['items', i, 'carrier']));
                    if (!value?.trim() || !carrier.success) return Promise.resolve();
                    return isTrackingNo(carrier.data, normalized(value))
                      ? Promise.resolve()
                      : Promise.reject(
                          new Error(t('console.trackingInvalid', { carrier: carrierName(carrier.data) })),
                        );
                  },
                }),
              ]}
            >
              <Input
                maxLength={60}
                style={{ width: 240 }}
                aria-label={single ? undefined : `${t('console.trackingNo')} ${order.orderNo}`}
              />
            </Form.Item>
          </Space>
        ))}
      </Form>
    </Modal>
  );
}
