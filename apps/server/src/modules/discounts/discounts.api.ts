// The discounts module's face: what other modules may use (decision 0022). Its tables are in
// discounts.table.ts; the checkout asks here whether a code applies and records its use here.
import type { TDiscountRefusal, TDiscountRule } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import {
  codeElsewhere,
  findCodeByText,
  insertRedemption,
  lockCode,
  usesOf,
  type DiscountCodeRow,
} from './discounts.repository';

/** A cart line as a code reads it. */
export interface DiscountLine {
  productId: number;
  unitMinor: number;
  quantity: number;
}

/** A code that applies: its rule, and which lines it is for. */
export interface DiscountApplies {
  applies: true;
  codeId: number;
  code: string;
  rule: TDiscountRule;
  /** Whether the code is for this product (every product: a code for the whole shop). */
  covers: (productId: number) => boolean;
}

export interface DiscountRefused {
  applies: false;
  code: string;
  refusal: TDiscountRefusal;
  /** The code's minimum order, to say how far the cart is from it. */
  minOrderMinor: number | null;
}

/** Today as a UTC calendar day: a code's days are UTC days, both ends included. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** What the code's own state refuses, whatever the cart: paused, outside its days, used up. */
export function stateRefusal(
  row: Pick<DiscountCodeRow, 'paused' | 'startsOn' | 'endsOn' | 'maxUses' | 'maxUsesPerEmail'>,
  uses: { uses: number; byEmail: number },
  today: string,
  email: string | undefined,
): TDiscountRefusal | null {
  if (row.paused) return 'paused';
  if (row.startsOn !== null && today < row.startsOn) return 'notStarted';
  if (row.endsOn !== null && today > row.endsOn) return 'expired';
  if (row.maxUses !== null && uses.uses >= row.maxUses) return 'usedUp';
  if (email !== undefined && row.maxUsesPerEmail !== null && uses.byEmail >= row.maxUsesPerEmail) {
    return 'usedByYou';
  }
  return null;
}

const coversOf =
  (row: Pick<DiscountCodeRow, 'productIds'>) =>
  (productId: number): boolean =>
    row.productIds === null || row.productIds.includes(productId);

/**
 * Whether `code` of shop `shopId` applies to `lines` now, for a buyer with `email` (when known):
 * else why not. The minimum order is read on the lines the code is for, before any discount.
 */
export async function checkDiscount(
  db: AppDatabase,
  input: {
    shopId: number;
    code: string;
    lines: readonly DiscountLine[];
    email?: string | undefined;
    at: Date;
  },
): Promise<DiscountApplies | DiscountRefused> {
  const { code } = input;
  const refused = (refusal: TDiscountRefusal, minOrderMinor: number | null = null): DiscountRefused => ({
    applies: false,
    code,
    refusal,
    minOrderMinor,
  });
  const row = await findCodeByText(db, input.shopId, code);
  if (!row) return refused((await codeElsewhere(db, input.shopId, code)) ? 'otherShop' : 'unknown');
  const state = stateRefusal(row, await usesOf(db, row.id, input.email), utcDay(input.at), input.email);
  if (state) return refused(state);
  const covers = coversOf(row);
  const covered = input.lines.filter((line) => covers(line.productId));
  if (covered.length === 0) return refused('notForTheseProducts');
  const value = covered.reduce((sum, line) => sum + line.unitMinor * line.quantity, 0);
  if (row.minOrderMinor !== null && value < row.minOrderMinor) {
    return refused('minimumNotReached', row.minOrderMinor);
  }
  return { applies: true, codeId: row.id, code: row.code, rule: ruleOf(row), covers };
}

/** The totals' rule for a code: a whole percentage (in micros) or an amount. */
export function ruleOf(row: Pick<DiscountCodeRow, 'kind' | 'percent' | 'amountMinor'>): TDiscountRule {
  return row.kind === 'percent'
    ? { kind: 'percent', percentMicros: (row.percent ?? 0) * 10_000 }
    : { kind: 'amount', amountMinor: row.amountMinor ?? 0 };
}

/**
 * Inside the order's transaction, before it is inserted: locks the code's row (checkouts using it
 * queue up here) and checks its state and limits again with every use committed before. Answers
 * the refusal, or null: the caller then records the use (`recordDiscountUse`) in the same
 * transaction, so a code with one use left is used once however many checkouts race for it.
 */
export async function holdDiscount(
  tx: AppDatabase,
  codeId: number,
  email: string,
  at: Date,
): Promise<TDiscountRefusal | null> {
  const row = await lockCode(tx, codeId);
  if (!row) return 'unknown';
  return stateRefusal(row, await usesOf(tx, codeId, email), utcDay(at), email);
}

export async function recordDiscountUse(
  tx: AppDatabase,
  use: { codeId: number; orderId: number; email: string },
): Promise<void> {
  await insertRedemption(tx, use);
}
