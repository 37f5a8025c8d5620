-- Issue 33: refunds per line (decision 0055, "Downstream"). An operator's refund may name order
-- lines and units instead of an amount: the server computes the amount (each line's paid value as
-- a share of the capture) and keeps here which lines, how many units and each one's share, in the
-- refund's currency (their sum is the refund's amount). A line cannot be refunded beyond its
-- quantity less the units of refunds that did not fail; a refund by lines with restock returns
-- only these units. Refunds of an amount (and the provider's) have no rows. Owned by refunds.
CREATE TABLE "refund_lines" (
	"refund_id" bigint NOT NULL REFERENCES "refunds"("id") ON DELETE CASCADE,
	"order_item_id" bigint NOT NULL REFERENCES "order_items"("id") ON DELETE RESTRICT,
	"quantity" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "refund_lines_refund_id_order_item_id_pk" PRIMARY KEY ("refund_id", "order_item_id"),
	CONSTRAINT "refund_lines_quantity" CHECK ("quantity" BETWEEN 1 AND 99),
	CONSTRAINT "refund_lines_amount_not_negative" CHECK ("amount_minor" >= 0)
);
--> statement-breakpoint
CREATE INDEX "refund_lines_item_idx" ON "refund_lines" ("order_item_id");
