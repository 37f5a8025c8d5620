import type { AppDatabase } from '../../platform/db/database';
import { configs } from './configs.table';

export const SEED_CONFIGS = [
  {
    key: 'IP_QPS_THRESHOLD_LIMIT',
    name: 'IP requests per second limit',
    value: '10',
    remark: 'Requests per second one IP address may make',
  },
  {
    key: 'PAYOUT_HOLD_DAYS',
    name: 'Payout hold (days)',
    value: '14',
    remark: 'Days after an order is completed before its profit becomes available for payout',
  },
  {
    key: 'PAYOUT_MINIMUM_CENTS',
    name: 'Minimum payout (US cents)',
    value: '1000',
    remark: 'The smallest amount a creator can withdraw, in US cents (1000 = $10.00)',
  },
  {
    key: 'PAYOUT_DAILY_MAXIMUM_CENTS',
    name: 'Maximum payouts per creator per day (US cents)',
    value: '1000000',
    remark: 'The most one creator can withdraw in one UTC day, in US cents (1000000 = $10,000.00)',
  },
  {
    key: 'LOW_STOCK_THRESHOLD',
    name: 'Low stock (units)',
    value: '5',
    remark:
      "A variant on sale with fewer units than this is listed under Low stock on the console's home page",
  },
  {
    key: 'REVIEW_INVITE_DAYS',
    name: 'Review invitation (days after shipping)',
    value: '7',
    remark:
      'Days after an order is shipped before its buyer is mailed a link to review each item (an order counts as delivered then); 0 sends it with the shipping',
  },
  {
    key: 'ABANDONED_CHECKOUT_REMINDER_MINUTES',
    name: 'Abandoned checkout reminder (minutes)',
    value: '60',
    remark:
      'Minutes an unpaid order waits before its buyer, if they agreed to the shop’s news and offers, is mailed one reminder (1 to 1440)',
  },
  {
    key: 'DOC_URL',
    name: 'Documentation link',
    value: '',
    remark: "The console navbar's documentation link (http or https); empty hides it",
  },
  {
    key: 'CODE_HOSTING_URL',
    name: 'Code hosting link',
    value: '',
    remark: "The console navbar's link to the source code (http or https); empty hides it",
  },
] as const;

/** Inserts the settings that are missing (by key); operators' values stay as they are. */
export async function seedConfigs(db: AppDatabase): Promise<number> {
  const rows = await db
    .insert(configs)
    .values(SEED_CONFIGS.map((c) => ({ ...c })))
    .onConflictDoNothing({ target: configs.key })
    .returning({ id: configs.id });
  return rows.length;
}
