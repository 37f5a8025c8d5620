import type { TCreatorOrderDetail, TShipment } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Card, Descriptions, Drawer, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/money/use-money';
import { fileUrl } from '../../shared/upload/upload-api';
import { orderDetailQuery } from './api';
import styles from './order-page.module.css';
import { OrderStatusTag } from './order-status-tag';
import { OrderCases } from './order-cases';
import { useMoment } from '../../shared/format/use-format';

interface OrderDrawerProps {
  /** The order shown; undefined closes the drawer. */
  orderNo: string | undefined;
  onClose: () => void;
}

/** One order: status, buyer, where it ships (to the town), each product's prices and the totals. */
export function OrderDrawer({ orderNo, onClose }: OrderDrawerProps) {
  const { t } = useTranslation('orders');
  const detail = useQuery({ ...orderDetailQuery(orderNo ?? 'LS000000'), enabled: orderNo !== undefined });
  const title = t('orders.detail.title', { orderNo: orderNo ?? '' });
  return (
    <Drawer
      open={orderNo !== undefined}
      onClose={onClose}
      size="large"
      title={title}
      destroyOnHidden
      classNames={{ body: styles.detailBody }}
    >
      {/* The part that scrolls on a small screen: reachable with the keyboard to scroll it. */}
      <div className={styles.detailScroll} tabIndex={0} role="region" aria-label={title}>
        {detail.isLoading && <Spin />}
        {detail.data && <OrderDetail order={detail.data} />}
      </div>
    </Drawer>
  );
}

function OrderDetail({ order }: { order: TCreatorOrderDetail }) {
  const { t } = useTranslation('orders');
  const money = useMoney();
  const dateTime = useMoment();
  const { shipTo } = order;
  const place = [shipTo.city, shipTo.region, shipTo.countryCode].filter(Boolean).join(', ');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          {
            key: 'status',
            label: t('orders.detail.status'),
            children: <OrderStatusTag order={order} />,
          },
          { key: 'buyer', label: t('orders.detail.buyer'), children: order.buyerEmail },
          { key: 'shipTo', label: t('orders.detail.shipTo'), children: `${shipTo.name} — ${place}` },
          { key: 'placed', label: t('orders.detail.placed'), children: dateTime(order.createdAt) },
          ...(order.paidAt
            ? [{ key: 'paid', label: t('orders.detail.paid'), children: dateTime(order.paidAt) }]
            : []),
          ...(order.completedAt
            ? [
                {
                  key: 'completed',
                  label: t('orders.detail.completed'),
                  children: dateTime(order.completedAt),
                },
              ]
            : []),
        ]}
      />
      {order.shipment && <ShipmentCard shipment={order.shipment} />}
      <Card size="small" title={t('orders.detail.items')}>
        <ul className={styles.lines}>
          {order.items.map((item, index) => (
            // A product bought in two sizes is two lines.
            <li key={`${item.productId}-${index}`} className={styles.line}>
              {item.imageUrl && (
                <Avatar
                  shape="square"
                  size={48}
                  src={fileUrl(item.imageUrl)}
                  alt={t('orders.imageOf', { name: item.title })}
                />
              )}
              <div>
                <div>
                  {item.title}
                  {item.variantLabel && (
                    <Typography.Text type="secondary"> — {item.variantLabel}</Typography.Text>
                  )}
                </div>
                <Typography.Text type="secondary">
                  {t('orders.detail.unitPrices', {
                    quantity: item.quantity,
                    selling: money.format(item.sellingUnitMinor),
                    platform: money.format(item.platformUnitMinor),
                    profit: money.format(item.profitUnitMinor),
                  })}
                </Typography.Text>
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <OrderMoney order={order} />
      <OrderCases orderNo={order.orderNo} />
      <Alert type="info" showIcon title={t('orders.detail.shippingNote')} />
    </Space>
  );
}

/**
 * What the order means for the creator's money, as Earnings counts it (decision 0041): a buyer's
 * order shows what they paid, what was refunded to them, the platform price and the creator's
 * earnings from it (the ledger's, less refunds); an order the creator paid is their purchase.
 */
function OrderMoney({ order }: { order: TCreatorOrderDetail }) {
  const { t } = useTranslation('orders');
  const money = useMoney();
  if (order.side === 'b') {
    return (
      <>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            {
              key: 'paidByYou',
              label: t('orders.detail.paidByYou'),
              children: money.format(order.paidByYouMinor),
            },
          ]}
        />
        <Alert type="info" showIcon title={t('orders.detail.yourPurchase')} />
      </>
    );
  }
  const paid = order.status > 0;
  return (
    <>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'paid', label: t('orders.detail.buyerPaid'), children: money.format(order.totalMinor) },
          // Collected with the price, kept by the platform: what ships the parcel and the tax it owes.
          ...(order.shippingMinor > 0
            ? [
                {
                  key: 'shipping',
                  label: t('orders.detail.shipping'),
                  children: money.format(-order.shippingMinor),
                },
              ]
            : []),
          ...(order.taxMinor > 0
            ? [{ key: 'tax', label: t('orders.detail.tax'), children: money.format(-order.taxMinor) }]
            : []),
          ...(order.refundedMinor > 0
            ? [
                {
                  key: 'refunded',
                  label: t('orders.detail.refunded'),
                  children: money.format(-order.refundedMinor),
                },
              ]
            : []),
          {
            key: 'platform',
            label: t('orders.detail.platformPrice'),
            children: money.format(order.platformMinor),
          },
          paid
            ? { key: 'earned', label: t('orders.detail.earned'), children: money.format(order.earnedMinor) }
            : { key: 'profit', label: t('orders.detail.profit'), children: money.format(order.profitMinor) },
        ]}
      />
      {order.fullyRefunded && <Alert type="warning" showIcon title={t('orders.detail.fullyRefunded')} />}
    </>
  );
}

/** How the platform shipped the order: carrier, tracking number and the carrier's tracking page. */
export function ShipmentCard({ shipment }: { shipment: TShipment }) {
  const { t } = useTranslation('orders');
  const dateTime = useMoment();
  return (
    <Descriptions
      title={t('orders.detail.shipment')}
      column={1}
      bordered
      size="small"
      items={[
        {
          key: 'carrier',
          label: t('orders.detail.carrier'),
          children: t(`carrier.${shipment.carrier}`, { defaultValue: shipment.carrier }),
        },
        {
          key: 'trackingNo',
          label: t('orders.detail.trackingNo'),
          children: shipment.trackingUrl ? (
            <Typography.Link href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
              {shipment.trackingNo}
            </Typography.Link>
          ) : (
            shipment.trackingNo
          ),
        },
        { key: 'shipped', label: t('orders.detail.shipped'), children: dateTime(shipment.shippedAt) },
      ]}
    />
  );
}
