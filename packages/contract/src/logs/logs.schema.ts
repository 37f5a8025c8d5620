import { z } from 'zod';
import { ZIsoDay } from '../platform/days';
import { ZPage, ZPageQuery } from '../platform/page';

/** Who may read the operation logs and the visit figures. */
export const LOG_QUERY_PERMISSION = 'sys:log:query';

export const ZLogPageQuery = ZPageQuery.extend({
  /** Matches what was done, the URI, the IP or the operator's name. */
  keywords: z.string().trim().max(50).optional(),
  /** The route's module (its contract tag, or `login` for sign-ins). */
  module: z
    .string()
    .trim()
    .max(32)
    .regex(/^[a-z0-9-]*$/)
    .optional(),
  /** First and last day (inclusive, UTC); a bare date means the whole day. */
  startDate: ZIsoDay.optional(),
  endDate: ZIsoDay.optional(),
  /** `success`: answered with the success envelope; `failure`: anything else. */
  status: z.enum(['success', 'failure']).optional(),
});
export type TLogPageQuery = z.infer<typeof ZLogPageQuery>;

/** One operation: never a body, a password or a token. Datetimes `yyyy-MM-dd HH:mm:ss` UTC. */
export const ZLogItem = z.object({
  id: z.string(),
  module: z.string(),
  /** What was done (the route's summary); a failure adds an `[error]` block with its code. */
  content: z.string(),
  requestUri: z.string(),
  method: z.string(),
  ip: z.string(),
  browser: z.string(),
  os: z.string(),
  /** Milliseconds. */
  executionTime: z.number().int(),
  /** HTTP status. */
  status: z.number().int(),
  /** The envelope's code ("1" success, an error code otherwise), empty when none. */
  resultCode: z.string(),
  success: z.boolean(),
  /** The operator's user id, null for a visitor (a failed sign-in). */
  createBy: z.string().nullable(),
  /** Their username (or email), empty for a visitor. */
  operator: z.string(),
  createTime: z.string(),
});
export type TLogItem = z.infer<typeof ZLogItem>;

export const ZLogPage = ZPage(ZLogItem);
export type TLogPage = z.infer<typeof ZLogPage>;

export const ZVisitTrendQuery = z
  .object({ startDate: ZIsoDay, endDate: ZIsoDay })
  .refine((q) => q.startDate <= q.endDate, { path: ['endDate'], error: 'validation.dateOrder' })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= 365 * 86_400_000, {
    path: ['endDate'],
    error: 'validation.dateSpan',
  });
export type TVisitTrendQuery = z.infer<typeof ZVisitTrendQuery>;

/** One entry per day of the range, zero-filled: page views and distinct addresses. */
export const ZVisitTrend = z.object({
  dates: z.array(z.string()),
  pvList: z.array(z.number().int()),
  ipList: z.array(z.number().int()),
});
export type TVisitTrend = z.infer<typeof ZVisitTrend>;

/**
 * Visits: a signed-in page load (`GET /users/me`). UV = distinct users, PV = page loads; totals
 * over the kept days. Growth: today against the whole of yesterday, a 2-decimal fraction (null
 * when yesterday had none).
 */
export const ZVisitStats = z.object({
  todayUvCount: z.number().int(),
  totalUvCount: z.number().int(),
  uvGrowthRate: z.number().nullable(),
  todayPvCount: z.number().int(),
  totalPvCount: z.number().int(),
  pvGrowthRate: z.number().nullable(),
});
export type TVisitStats = z.infer<typeof ZVisitStats>;

const ZMoneyTotal = z.object({ currencyCode: z.string(), amountMinor: z.number().int() });

/** The commerce figures an operator looks at first (today = UTC day). */
export const ZConsoleOverview = z.object({
  /** Signed-in users with a live socket on the process that answered (not all processes). */
  onlineUsers: z.number().int(),
  todayOrders: z.number().int(),
  /** What buyers paid today, per currency, integer minor units. */
  todayRevenue: z.array(ZMoneyTotal),
  flaggedOrders: z.number().int(),
  payoutsInFlight: z.number().int(),
  payoutsInFlightAmount: z.array(ZMoneyTotal),
});
export type TConsoleOverview = z.infer<typeof ZConsoleOverview>;
