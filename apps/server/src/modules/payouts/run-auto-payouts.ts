import { AppError } from '../../platform/errors/app-error';
import { availableMinor } from '../earnings/earnings.api';
import { isoWeek, PAYOUT_CURRENCY, type PayoutsDeps } from './payout-deps';
import { findByRequestKey, findInFlight, listAutoPayoutUsers } from './payouts.repository';
import { requestPayout } from './request-payout';

/**
 * The weekly automatic payout: each opted-in creator's available balance, when at least the
 * minimum, not held, verified and none in flight; the request key `auto-payout-<ISO week>` makes
 * it once per week however often this runs. Answers how many payouts it made.
 */
export async function runAutoPayouts(deps: PayoutsDeps, now = new Date()): Promise<number> {
  const { db, log } = deps;
  const rules = deps.rules();
  const requestKey = `auto-payout-${isoWeek(now)}`;
  let made = 0;
  for (const { userId } of await listAutoPayoutUsers(db)) {
    try {
      if (await findByRequestKey(db, userId, requestKey)) continue;
      if (await findInFlight(db, userId)) continue;
      const available = await availableMinor(db, userId, rules.holdDays, now);
      if (available < rules.minimumMinor) continue;
      const amountMinor = Math.min(available, rules.dailyMaximumMinor);
      const { created } = await requestPayout(
        deps,
        userId,
        { amountMinor, currencyCode: PAYOUT_CURRENCY, requestKey },
        'auto',
        now,
      );
      if (created) made++;
    } catch (err) {
      if (err instanceof AppError) continue;
      log.error({ err, userId }, 'Automatic payout failed');
    }
  }
  return made;
}
