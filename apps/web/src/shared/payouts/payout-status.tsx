import type { TPayoutStatus } from '@linkstore/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * PayPal's reasons for a returned or unclaimed payout item that the `payouts` namespace explains
 * (`reason.<CODE>`); any other reason is shown as PayPal wrote it.
 */
export const KNOWN_PAYOUT_REASONS = [
  'RECEIVER_UNREGISTERED',
  'RECEIVER_UNCONFIRMED',
  'RECEIVER_ACCOUNT_LOCKED',
  'RECEIVER_COUNTRY_NOT_ALLOWED',
  'RECEIVER_REFUSED',
  'UNCLAIMED',
  'RETURNED',
  'BLOCKED',
  'REFUNDED',
  'REVERSED',
] as const;
type TKnownReason = (typeof KNOWN_PAYOUT_REASONS)[number];

function isKnownReason(reason: string): reason is TKnownReason {
  return (KNOWN_PAYOUT_REASONS as readonly string[]).includes(reason);
}

const STATUS_COLOURS: Record<TPayoutStatus, string> = {
  requested: 'processing',
  processing: 'processing',
  paid: 'success',
  returned: 'error',
};

/** A payout's reason in the reader's language when it is a PayPal code we know, else as written. */
export function usePayoutReason(): (reason: string | null) => string | null {
  const { t } = useTranslation('payouts');
  return (reason) => {
    if (reason === null || reason === '') return null;
    const code = reason.trim().toUpperCase();
    if (isKnownReason(code)) return t(`reason.${code}`);
    // An item status given as an error name, as the offline sandbox does ("RECEIVER_UNCLAIMED").
    const status = code.replace(/^RECEIVER_/, '');
    return isKnownReason(status) ? t(`reason.${status}`) : reason;
  };
}

/**
 * A payout's state as a tag: requested and processing are both "In flight" to a creator; the
 * console (`exact`) tells them apart.
 */
export function PayoutStatusTag({ status, exact = false }: { status: TPayoutStatus; exact?: boolean }) {
  const { t } = useTranslation('payouts');
  const key = !exact && (status === 'requested' || status === 'processing') ? 'inFlight' : status;
  return <Tag color={STATUS_COLOURS[status]}>{t(`status.${key}`)}</Tag>;
}
