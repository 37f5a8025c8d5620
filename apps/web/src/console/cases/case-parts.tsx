import type { TCaseResolution, TCaseStatus } from '@linkstore/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const HOUR_MS = 60 * 60_000;

/** Past this age an open case is late (orange), past the second overdue (red): the SLA's marks. */
export const CASE_SLA_HOURS = { late: 24, overdue: 48 } as const;

/** Whole hours from `from` to `to` (never negative). */
export function ageHours(from: string, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - new Date(from).getTime()) / HOUR_MS));
}

/**
 * The case's age, the queue's SLA: hours under a day ("5 h"), else days and hours ("2 d 3 h");
 * counted from its opening until now, or until it was resolved.
 */
export function CaseAge({
  openedAt,
  resolvedAt,
  now = new Date(),
}: {
  openedAt: string;
  resolvedAt: string | null;
  now?: Date;
}) {
  const { t } = useTranslation('orders');
  const hours = ageHours(openedAt, resolvedAt ? new Date(resolvedAt) : now);
  const text =
    hours < 24
      ? t('cases.age.hours', { hours })
      : t('cases.age.days', { days: Math.floor(hours / 24), hours: hours % 24 });
  if (resolvedAt) return <span>{text}</span>;
  const colour =
    hours >= CASE_SLA_HOURS.overdue ? 'error' : hours >= CASE_SLA_HOURS.late ? 'warning' : 'default';
  return <Tag color={colour}>{text}</Tag>;
}

const STATUS_COLOURS: Record<TCaseStatus, string> = {
  new: 'processing',
  waiting_for_buyer: 'warning',
  resolved: 'success',
};

/** Where the case stands: new, waiting for the buyer, or resolved with how. */
export function CaseStatusTag({
  status,
  resolution,
}: {
  status: TCaseStatus;
  resolution: TCaseResolution | null;
}) {
  const { t } = useTranslation('orders');
  return (
    <Tag color={STATUS_COLOURS[status]}>
      {resolution ? t(`cases.resolution.${resolution}`) : t(`cases.status.${status}`)}
    </Tag>
  );
}
