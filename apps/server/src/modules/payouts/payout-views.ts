import type { TConsolePayout, TPayout } from '@linkstore/contract';
import type { ConsolePayoutRow, PayoutRow } from './payouts.repository';

export function toPayout(row: PayoutRow): TPayout {
  return {
    id: String(row.id),
    amountMinor: row.amountMinor,
    currencyCode: row.currencyCode,
    status: row.status,
    trigger: row.trigger,
    providerStatus: row.providerStatus,
    reason: row.reason,
    receiverEmail: row.receiverEmail,
    requestedAt: row.requestedAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export function toConsolePayout(row: ConsolePayoutRow): TConsolePayout {
  return {
    ...toPayout(row),
    userId: String(row.userId),
    username: row.username ?? row.nickname,
    shopName: row.shopName,
    heldReason: row.heldReason,
    attempts: row.attempts,
    retryOfId: row.retryOfId === null ? null : String(row.retryOfId),
    retriedById: row.retriedById === null ? null : String(row.retriedById),
  };
}
