/**
 * The payout rules operators set on the console's settings page (decision 0025), read from the
 * settings cache on every use so a change applies at once. A missing or malformed value falls back
 * to its default rather than stopping payouts.
 */
export interface PayoutRules {
  /** Days after an order is completed before its profit becomes available. */
  holdDays: number;
  /** The smallest payout, in US cents. */
  minimumMinor: number;
  /** The most one creator can be paid in one UTC day, in US cents. */
  dailyMaximumMinor: number;
}

export const PAYOUT_RULE_DEFAULTS: PayoutRules = {
  holdDays: 14,
  minimumMinor: 1_000,
  dailyMaximumMinor: 1_000_000,
};

const LIMITS = { holdDays: 3650, minimumMinor: 100_000_000, dailyMaximumMinor: 1_000_000_000 };

function whole(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || !/^\s*\d{1,10}\s*$/.test(value)) return fallback;
  const parsed = Number(value);
  return parsed <= max ? parsed : fallback;
}

/** The rules as the settings `PAYOUT_HOLD_DAYS`, `PAYOUT_MINIMUM_CENTS` and `PAYOUT_DAILY_MAXIMUM_CENTS` give them. */
export function readPayoutRules(get: (key: string) => string | undefined): PayoutRules {
  return {
    holdDays: whole(get('PAYOUT_HOLD_DAYS'), PAYOUT_RULE_DEFAULTS.holdDays, LIMITS.holdDays),
    minimumMinor: whole(get('PAYOUT_MINIMUM_CENTS'), PAYOUT_RULE_DEFAULTS.minimumMinor, LIMITS.minimumMinor),
    dailyMaximumMinor: whole(
      get('PAYOUT_DAILY_MAXIMUM_CENTS'),
      PAYOUT_RULE_DEFAULTS.dailyMaximumMinor,
      LIMITS.dailyMaximumMinor,
    ),
  };
}
