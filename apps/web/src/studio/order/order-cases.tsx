import { casesRoutes, formatMoney, type TCreatorCase } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callRouteQuietly, routeKey } from '../../shared/http/call-route';
import { useMoment } from '../../shared/format/use-format';
import styles from './order-page.module.css';

const STATUS_COLOURS = { new: 'processing', waiting_for_buyer: 'warning', resolved: 'success' } as const;

/** What a case did to the creator's money: a refund's share of their profit, or nothing. */
function useEffectText(): (item: TCreatorCase, locale: string) => string {
  const { t } = useTranslation('orders');
  return (item, locale) => {
    if (item.refund) {
      const money = (minor: number) => formatMoney(minor, item.refund?.currencyCode ?? 'USD', locale);
      return item.refund.status === 'completed'
        ? t('cases.studio.refunded', {
            amount: money(item.refund.amountMinor),
            profit: money(-item.refund.profitReversedMinor),
          })
        : t(`cases.studio.refund.${item.refund.status}`, { amount: money(item.refund.amountMinor) });
    }
    if (item.reshipOrderNo) return t('cases.studio.reshipped', { orderNo: item.reshipOrderNo });
    if (item.declineReason) return t('cases.studio.declined', { reason: item.declineReason });
    return '';
  };
}

/**
 * The problems buyers reported with this order (issue 35), read only: each line's reason, where
 * the case stands, and its effect on the creator's profit (a refund's share taken back; a reship
 * costs them nothing). Nothing when there are none.
 */
export function OrderCases({ orderNo }: { orderNo: string }) {
  const { t, i18n } = useTranslation('orders');
  const moment = useMoment();
  const effectText = useEffectText();
  // Quiet: a panel of the order's detail; if it cannot load, the rest of the order still shows.
  const cases = useQuery({
    queryKey: [...routeKey(casesRoutes.byOrder), orderNo] as const,
    queryFn: ({ signal }) => callRouteQuietly(casesRoutes.byOrder, { params: { orderNo } }, { signal }),
  });
  if (!cases.data?.length) return null;
  return (
    <Card size="small" title={t('cases.studio.title')}>
      <ul className={styles.lines}>
        {cases.data.map((item) => {
          const effect = effectText(item, i18n.language);
          return (
            <li key={item.id}>
              <div>
                {item.title}
                {item.variantLabel && (
                  <Typography.Text type="secondary"> — {item.variantLabel}</Typography.Text>
                )}
              </div>
              <div>
                <Tag color={STATUS_COLOURS[item.status]}>
                  {item.resolution
                    ? t(`cases.resolution.${item.resolution}`)
                    : t(`cases.status.${item.status}`)}
                </Tag>
                {t(`cases.reasons.${item.reason}`)} · {moment(item.openedAt)}
              </div>
              {effect && <Typography.Text type="secondary">{effect}</Typography.Text>}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
