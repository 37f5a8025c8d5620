import {
  consoleOrdersRoutes,
  refundsRoutes,
  type TConsoleOrderDetail,
  type TOrderEvent,
  type TShippingAddress,
} from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney, useMoment } from '../../shared/format/use-format';
import { useCanCall } from '../../shared/permission/access';
import { consoleOrderDetailQuery, useStartProduction } from './api';
import {
  canStartProduction,
  FlagTags,
  isFlagOpen,
  refundedLinesText,
  StatusTag,
  useCarrierName,
} from './order-parts';
import { RefundDialog } from './refund-dialog';
import { ResolveFlagDialog } from './resolve-flag-dialog';

const REFUND_COLOURS = { pending: 'processing', completed: 'success', failed: 'error' } as const;
const HISTORY_COLOURS: Record<string, string> = {
  refund_failed: 'red',
  flagged: 'red',
  refunded: 'orange',
  refund_requested: 'orange',
  flag_resolved: 'green',
  shipped: 'green',
  cancelled: 'red',
  address_changed: 'orange',
  in_production: 'blue',
};

/** An address on one line, as the history shows the one before a change. */
const addressText = (address: TShippingAddress) =>
  [
    address.name,
    address.line1,
    address.line2,
    address.postalCode,
    address.city,
    address.region,
    address.countryCode,
  ]
    .filter(Boolean)
    .join(', ');

/** Who did it: an operator's name, the buyer (from the order page), or the system. */
function useActor(): (event: TOrderEvent) => string {
  const { t } = useTranslation('orders');
  return (event) =>
    event.actor ??
    (event.action === 'cancelled' || event.action === 'address_changed' || event.action === 'case_opened'
      ? t('console.buyer')
      : t('console.system'));
}

/** What an event's detail says, in words: carrier and tracking, amounts, reasons, resolutions. */
function useEventDetail(order: TConsoleOrderDetail): (event: TOrderEvent) => string {
  const { t } = useTranslation('orders');
  const money = useFormatMoney();
  const carrierName = useCarrierName();
  return (event) => {
    const parts: string[] = [];
    switch (event.action) {
      case 'placed':
      case 'paid':
        break;
      case 'flagged':
        parts.push(t(`console.flagReason.${event.detail.reason}`));
        break;
      case 'shipped':
        parts.push(`${carrierName(event.detail.carrier)} ${event.detail.trackingNo}`.trim());
        break;
      case 'refund_requested':
        parts.push(money(event.detail.amountMinor, order.currencyCode));
        if (event.detail.lines?.length) parts.push(refundedLinesText(event.detail.lines));
        if (event.detail.reason) parts.push(event.detail.reason);
        if (event.detail.restock) parts.push(t('console.restocked'));
        break;
      case 'refunded':
        parts.push(money(event.detail.amountMinor, order.currencyCode));
        if (event.detail.lines?.length) parts.push(refundedLinesText(event.detail.lines));
        if (event.detail.restocked) parts.push(t('console.restocked'));
        break;
      case 'refund_failed':
        parts.push(money(event.detail.amountMinor, order.currencyCode));
        if (event.detail.failure) parts.push(event.detail.failure);
        break;
      case 'flag_resolved':
        parts.push(t(`console.flagResolution.${event.detail.resolution}`));
        if (event.detail.note) parts.push(event.detail.note);
        break;
      case 'address_changed':
        parts.push(t('console.previousAddress', { address: addressText(event.detail.previous) }));
        break;
      case 'in_production':
      case 'cancelled':
        break;
    }
    return parts.join(' · ');
  };
}

/**
 * One order in full: buyer, address, items with frozen prices, payments and captures, refunds,
 * ledger rows and its history; refund and flag resolution for operators allowed to.
 */
export function OrderDetailDrawer({
  orderNo,
  onClose,
}: {
  orderNo: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const canCall = useCanCall();
  const detail = useQuery({
    ...consoleOrderDetailQuery(orderNo ?? 'LS000000'),
    enabled: orderNo !== undefined,
  });
  const order = detail.data?.orderNo === orderNo ? detail.data : undefined;
  const [dialog, setDialog] = useState<'refund' | 'resolve' | undefined>();
  const canRefund = order !== undefined && order.refundableMinor > 0 && canCall(refundsRoutes.refund);
  const canResolve = order !== undefined && isFlagOpen(order) && canCall(refundsRoutes.resolveFlag);
  const canProduce =
    order !== undefined && canStartProduction(order) && canCall(consoleOrdersRoutes.production);
  const production = useStartProduction();
  const { message } = App.useApp();
  const startProduction = () => {
    if (!order) return;
    production.mutate(
      { orderNo: order.orderNo, version: order.version },
      {
        onSuccess: () => void message.success(t('console.production.done', { orderNo: order.orderNo })),
      },
    );
  };
  return (
    <Drawer
      open={orderNo !== undefined}
      onClose={onClose}
      size="min(736px, 100vw)"
      title={t('orders.detail.title', { orderNo: orderNo ?? '' })}
      destroyOnHidden
      extra={
        (canRefund || canResolve || canProduce) && (
          <Space wrap>
            {canProduce && (
              <Button loading={production.isPending} onClick={startProduction}>
                {t('console.production.button')}
              </Button>
            )}
            {canResolve && (
              <Button onClick={() => setDialog('resolve')}>{t('console.resolve.button')}</Button>
            )}
            {canRefund && (
              <Button danger onClick={() => setDialog('refund')}>
                {t('console.refund.button')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {detail.isLoading && <Spin />}
      {order && <OrderDetail order={order} />}
      {order && dialog === 'refund' && <RefundDialog order={order} onClose={() => setDialog(undefined)} />}
      {order && dialog === 'resolve' && (
        <ResolveFlagDialog order={order} onClose={() => setDialog(undefined)} />
      )}
    </Drawer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    // A named region that scrolls sideways on its own when a table is wider than a phone, and can
    // be focused to scroll it from the keyboard. Headings follow the page's h1 (axe: heading-order).
    <section aria-label={title} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/**
 * What the total is made of, as frozen when the order was placed: items, discount (with its code),
 * shipping (with the method and its estimate) and what the creator's free-shipping offer paid of
 * it, the tax added or included and the EU import scheme, and the creator's profit (never the
 * shipping or the tax).
 */
function Charges({ order }: { order: TConsoleOrderDetail }) {
  const { t, i18n } = useTranslation('orders');
  const money = useFormatMoney();
  const amount = (cents: number) => money(cents, order.currencyCode);
  const { money: charges, shipping } = order;
  const rate = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 4 }).format(
    (charges.tax?.rateMicros ?? 0) / 1_000_000,
  );
  const lines = [
    t('console.chargeItems', { amount: amount(charges.itemsMinor) }),
    ...(charges.discountMinor > 0
      ? [
          charges.discountCode
            ? t('console.chargeDiscountCode', {
                code: charges.discountCode,
                amount: amount(charges.discountMinor),
              })
            : t('console.chargeDiscount', { amount: amount(charges.discountMinor) }),
        ]
      : []),
    [
      t('console.chargeShipping', { amount: amount(charges.shippingMinor) }),
      shipping &&
        t('console.chargeDelivery', {
          method: shipping.method,
          min: shipping.minDays,
          max: shipping.maxDays,
        }),
    ]
      .filter(Boolean)
      .join(' · '),
    ...((charges.creatorShippingMinor ?? 0) > 0
      ? [t('console.chargeCreatorShipping', { amount: amount(charges.creatorShippingMinor ?? 0) })]
      : []),
    charges.tax
      ? t(charges.tax.inclusive ? 'console.chargeTaxIncluded' : 'console.chargeTaxAdded', {
          name: charges.tax.name,
          rate,
          amount: amount(charges.taxMinor),
        })
      : t('console.chargeNoTax'),
    ...(charges.taxScheme === 'ioss' ? [t('console.chargeIoss')] : []),
    ...(charges.taxScheme === 'import' ? [t('console.chargeImport')] : []),
    t('console.chargeProfit', { amount: amount(order.profitMinor) }),
  ];
  return (
    <Space orientation="vertical" size={0}>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </Space>
  );
}

function OrderDetail({ order }: { order: TConsoleOrderDetail }) {
  const { t } = useTranslation('orders');
  const money = useFormatMoney();
  const moment = useMoment();
  const carrierName = useCarrierName();
  const eventDetail = useEventDetail(order);
  const actor = useActor();
  const amount = (cents: number) => money(cents, order.currencyCode);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'status', label: t('console.status'), children: <StatusTag order={order} /> },
          { key: 'shop', label: t('console.shop'), children: order.shopName },
          { key: 'buyer', label: t('console.buyerEmail'), children: order.buyerEmail },
          { key: 'language', label: t('console.buyerLanguage'), children: order.language },
          {
            key: 'address',
            label: t('console.address'),
            children: Object.values(order.shippingAddress).filter(Boolean).join(', '),
          },
          { key: 'placed', label: t('console.placed'), children: moment(order.createdAt) },
          { key: 'paid', label: t('orders.detail.paid'), children: moment(order.paidAt) },
          { key: 'completed', label: t('orders.detail.completed'), children: moment(order.completedAt) },
          {
            key: 'shipment',
            label: t('console.shipment'),
            children: order.shipment ? (
              <>
                {carrierName(order.shipment.carrier)}{' '}
                {order.shipment.trackingUrl ? (
                  <Typography.Link
                    href={order.shipment.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {order.shipment.trackingNo}
                  </Typography.Link>
                ) : (
                  order.shipment.trackingNo
                )}
              </>
            ) : (
              t('console.none')
            ),
          },
          { key: 'total', label: t('console.total'), children: amount(order.totalMinor) },
          { key: 'charges', label: t('console.charges'), children: <Charges order={order} /> },
          { key: 'refunded', label: t('console.refunded'), children: amount(order.refundedMinor) },
          { key: 'refundable', label: t('console.refundable'), children: amount(order.refundableMinor) },
          ...(order.flag
            ? [
                { key: 'flag', label: t('console.flag'), children: <FlagTags order={order} /> },
                ...(order.flagResolvedAt
                  ? [
                      {
                        key: 'flagResolved',
                        label: t('console.flagResolved'),
                        children: [
                          order.flagResolvedBy ?? t('console.system'),
                          moment(order.flagResolvedAt),
                          order.flagNote,
                        ]
                          .filter(Boolean)
                          .join(' · '),
                      },
                    ]
                  : []),
              ]
            : []),
        ]}
      />
      <Section title={t('orders.detail.items')}>
        <Table
          size="small"
          // A product bought in two sizes is two lines: the line's id tells them apart.
          rowKey="id"
          pagination={false}
          dataSource={order.items}
          columns={[
            { title: t('console.product'), dataIndex: 'title' },
            { title: t('orders.detail.variant'), dataIndex: 'variantLabel' },
            { title: t('orders.detail.sku'), dataIndex: 'sku' },
            { title: t('console.items'), dataIndex: 'quantity', align: 'right' },
            {
              // Units refunds by lines took of the line (pending ones included).
              title: t('console.refunded'),
              dataIndex: 'refundedQuantity',
              align: 'right',
              render: (units: number) => (units > 0 ? units : ''),
            },
            {
              title: t('orders.detail.buyerPaid'),
              dataIndex: 'sellingUnitMinor',
              align: 'right',
              render: amount,
            },
            {
              title: t('orders.detail.platformPrice'),
              dataIndex: 'platformUnitMinor',
              align: 'right',
              render: amount,
            },
          ]}
        />
      </Section>
      <Section title={t('console.payments')}>
        {order.payments.length === 0 ? (
          <Typography.Text type="secondary">{t('console.none')}</Typography.Text>
        ) : (
          <ul>
            {order.payments.map((payment) => (
              <li key={payment.providerOrderId ?? payment.createdAt}>
                {payment.provider} {payment.providerOrderId} · {payment.status} ·{' '}
                {money(payment.amountMinor, payment.currencyCode)}
                {payment.captureId &&
                  ` · ${t('console.captured', {
                    amount: money(payment.capturedMinor ?? 0, payment.currencyCode),
                    captureId: payment.captureId,
                  })}`}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('console.refunds')}>
        {order.refunds.length === 0 ? (
          <Typography.Text type="secondary">{t('console.none')}</Typography.Text>
        ) : (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.refunds}
            columns={[
              {
                title: t('console.refundAmount'),
                dataIndex: 'amountMinor',
                align: 'right',
                render: (cents: number, refund) => money(cents, refund.currencyCode),
              },
              {
                title: t('console.status'),
                dataIndex: 'status',
                render: (status: keyof typeof REFUND_COLOURS, refund) => (
                  <>
                    <Tag color={REFUND_COLOURS[status]}>{t(`console.refundStatus.${status}`)}</Tag>
                    {refund.failure && <Typography.Text type="danger">{refund.failure}</Typography.Text>}
                  </>
                ),
              },
              {
                title: t('console.refundSource'),
                dataIndex: 'source',
                render: (source: string) => t(`console.source.${source}`, { defaultValue: source }),
              },
              {
                title: t('console.refund.reason'),
                dataIndex: 'reason',
                render: (reason: string, refund) => (
                  <>
                    {refund.restock ? `${reason} · ${t('console.restocked')}` : reason}
                    {refund.lines.length > 0 && (
                      <>
                        <br />
                        <Typography.Text type="secondary">{refundedLinesText(refund.lines)}</Typography.Text>
                      </>
                    )}
                  </>
                ),
              },
              {
                title: t('console.by'),
                dataIndex: 'requestedBy',
                render: (who: string | null) => who ?? t('console.system'),
              },
              { title: t('console.when'), dataIndex: 'createdAt', render: moment },
            ]}
          />
        )}
      </Section>
      <Section title={t('console.ledger')}>
        {order.ledger.length === 0 ? (
          <Typography.Text type="secondary">{t('console.none')}</Typography.Text>
        ) : (
          <ul>
            {order.ledger.map((entry) => (
              <li key={entry.id}>
                {t(`earnings.ledger.kinds.${entry.kind}`, { defaultValue: entry.kind })} ·{' '}
                {amount(entry.amountMinor)} · {moment(entry.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('console.history')}>
        <Timeline
          items={order.history.map((event, i) => ({
            key: `${event.at}-${i}`,
            color: HISTORY_COLOURS[event.action] ?? 'blue',
            content: (
              <>
                <Typography.Text strong>
                  {t(`console.action.${event.action}`, { defaultValue: event.action })}
                </Typography.Text>{' '}
                · {actor(event)} · {moment(event.at)}
                {eventDetail(event) && (
                  <>
                    <br />
                    <Typography.Text type="secondary">{eventDetail(event)}</Typography.Text>
                  </>
                )}
              </>
            ),
          }))}
        />
      </Section>
    </Space>
  );
}
