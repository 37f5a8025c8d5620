import { bigint, bigserial, index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orderItems, orders } from '../orders/orders.table';

/**
 * One review link per order item, made when the review invitation job claims a delivered order
 * (decision in docs/architecture.md, "Review invitations"). Only the SHA-256 of the link's token is
 * kept: the token itself is in the buyer's mail and nowhere else. `used_at` is set in the
 * transaction that stores the review, so a link gives one review.
 */
export const reviewInvites = pgTable(
  'review_invites',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_invites_token_key').on(t.tokenHash),
    uniqueIndex('review_invites_order_item_key').on(t.orderItemId),
    index('review_invites_order_idx').on(t.orderId),
  ],
);
