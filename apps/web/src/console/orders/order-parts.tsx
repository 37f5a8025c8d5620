import { variantTitle, type TConsoleOrder, type TOrderStatus } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { consoleOrderDetailQuery } from './api';

const STATUS_COLOURS: Record<TOrderStatus, string> = { 0: 'warning', 1: 'processing', 2: 'success' };

/** The order's status — or Refunded, once all of its payment went back (it is never shipped then). */
export function StatusTag({
  order,
}: {
  order: Pick<TConsoleOrder, 'status' | 'fullyRefunded'> &
    Partial<Pick<TConsoleOrder, 'cancelledAt' | 'productionAt'>>;
}) {
  const { t } = useTranslation('orders');
  // Cancelled by its buyer (decision 0058): shown so even while its refund is on its way.
  if (order.cancelledAt) return <Tag color="error">{t('status.cancelled')}</Tag>;
  if (order.fullyRefunded) return <Tag color="error">{t('status.refunded')}</Tag>;
  if (order.status === 1 && order.productionAt)
    return <Tag color="processing">{t('status.inProduction')}</Tag>;
  return <Tag color={STATUS_COLOURS[order.status]}>{t(`status.${order.status}`)}</Tag>;
}

/**
 * Paid, waiting to be shipped, not refunded in full and not cancelled by its buyer: what Ship and
 * the tracking import take.
 */
export function isShippable(
  order: Pick<TConsoleOrder, 'status' | 'fullyRefunded'> & Partial<Pick<TConsoleOrder, 'cancelledAt'>>,
): boolean {
  return order.status === 1 && !order.fullyRefunded && !order.cancelledAt;
}

/** Paid and not yet started: what "Mark in production" takes (after it the buyer cannot cancel). */
export function canStartProduction(order: TConsoleOrder): boolean {
  return isShippable(order) && order.productionAt === null;
}

/** The carrier's name in the reader's language. */
export function useCarrierName(): (carrier: string) => string {
  const { t } = useTranslation('orders');
  return (carrier) => t(`carrier.${carrier}`, { defaultValue: carrier });
}

/** Whether the order's flag still waits for an operator (the flagged queue). */
export function isFlagOpen(
  order: Pick<TConsoleOrder, 'flag' | 'flagResolution'> & { flagResolvedAt?: string | null },
) {
  return order.flag !== null && order.flagResolution === null && !order.flagResolvedAt;
}

/** Why the order is flagged (translated), and how it was resolved, or that it is open. */
export function FlagTags({ order }: { order: TConsoleOrder }) {
  const { t } = useTranslation('orders');
  if (order.flag === null) return null;
  const reason = order.flagReason ? t(`console.flagReason.${order.flagReason}`) : order.flag;
  return (
    <>
      <Tag color={isFlagOpen(order) ? 'error' : 'default'}>{reason}</Tag>
      {order.flagResolution ? (
        <Tag>{t(`console.flagResolution.${order.flagResolution}`)}</Tag>
      ) : (
        <Tag color="error">{t('console.flagOpen')}</Tag>
      )}
    </>
  );
}

/** "Hoodie — M / Black": an order line as an operator reads it. */
export function lineName(line: { title: string; variantLabel: string }): string {
  return variantTitle(line.title, line.variantLabel);
}

/** A refund's lines in a sentence: "1 × Hoodie — L / Black, 2 × Cap". */
export function refundedLinesText(
  lines: readonly { quantity: number; title: string; variantLabel: string }[],
) {
  return lines.map((line) => `${line.quantity} × ${lineName(line)}`).join(', ');
}

/**
 * What is still to pack of one order, for the ship dialog: each line's units less those refunds by
 * lines took, with its SKU; a line refunded whole is left out (the orders export's "To pack").
 */
export function ToPack({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('orders');
  const detail = useQuery(consoleOrderDetailQuery(orderNo));
  if (!detail.data) return null;
  const lines = detail.data.items
    .map((item) => ({ item, units: item.quantity - item.refundedQuantity }))
    .filter(({ units }) => units > 0);
  return (
    <section aria-label={t('console.toPack')} style={{ marginBottom: 12 }}>
      <Typography.Text strong>{t('console.toPack')}</Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {lines.map(({ item, units }) => (
          <li key={item.id}>
            {`${units} × ${lineName(item)}`}
            {item.sku && <Typography.Text type="secondary">{` [${item.sku}]`}</Typography.Text>}
          </li>
        ))}
      </ul>
    </section>
  );
}
