-- Partial and repeated refunds, refunds made by hand, returns, and an order's money after refunds
-- (docs/decisions/047-partial-refunds-and-returns.md).
-- A refund of the order's payment in the workshop (cash, the sandbox's test card) names no payment attempt.
ALTER TABLE "refunds" ALTER COLUMN "payment_attempt_id" DROP NOT NULL;--> statement-breakpoint
-- XENDIT (through the Refunds API), BANK_TRANSFER or CASH (made by hand and recorded by an owner).
ALTER TABLE "refunds" ADD COLUMN "way" text DEFAULT 'XENDIT' NOT NULL;--> statement-breakpoint
-- The refund in US cents at the order's prices; `amount` stays in the payment's own currency (rupiah).
ALTER TABLE "refunds" ADD COLUMN "amount_usd_cents" integer;--> statement-breakpoint
-- A refund by hand: the transfer's reference or the receipt's number, and the day the customer has the money.
ALTER TABLE "refunds" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "arrives_by" text;--> statement-breakpoint
-- What the owner wrote about it (a return, goodwill, the delivery only…); staff only.
ALTER TABLE "refunds" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- When the money went out: Xendit's success, or the owner's record of a refund made by hand.
ALTER TABLE "refunds" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Refunds made before partial ones were in full: their dollars are the part of the order they paid.
UPDATE "refunds" AS "r" SET "amount_usd_cents" = CASE
    WHEN "r"."amount" = "o"."total_idr" THEN "o"."total_cents"
    WHEN "r"."amount" = "o"."deposit_idr" THEN "o"."deposit_cents"
    WHEN "r"."amount" = "o"."total_idr" - "o"."deposit_idr" THEN "o"."total_cents" - "o"."deposit_cents"
    ELSE round("r"."amount" * 100 / "o"."usd_to_idr_rate"::numeric)::integer
  END,
  "refunded_at" = CASE WHEN "r"."status" = 'SUCCEEDED' THEN "r"."updated_at" END
  FROM "orders" AS "o" WHERE "o"."id" = "r"."order_id";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "amount_usd_cents" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_refunded_at_idx" ON "refunds" USING btree ("refunded_at") WHERE "refunded_at" IS NOT NULL;--> statement-breakpoint
-- The order's money after refunds, kept with each refund's change (payments/refund-ledger.ts):
-- PARTLY_REFUNDED, REFUNDED, REFUND_PENDING, REFUND_FAILED or null; and what went back, settled.
ALTER TABLE "orders" ADD COLUMN "refund_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_idr" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Set when an owner records the hat as returned (order_returns); the status stays as it was.
ALTER TABLE "orders" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" AS "o" SET
  "refunded_cents" = "s"."cents",
  "refunded_idr" = "s"."idr"
  FROM (
    SELECT "order_id",
      coalesce(sum("amount_usd_cents") FILTER (WHERE "status" = 'SUCCEEDED'), 0) AS "cents",
      coalesce(sum("amount") FILTER (WHERE "status" = 'SUCCEEDED' AND "currency" = 'IDR'), 0) AS "idr"
    FROM "refunds" GROUP BY "order_id"
  ) AS "s"
  WHERE "s"."order_id" = "o"."id";--> statement-breakpoint
-- Orders whose refund state the app's rule (refundStateOf: what every payment took and what went
-- back) works out, not SQL: the refunds job does so for each under its lock, and removes it here.
CREATE TABLE "refund_state_stale" (
	"order_id" uuid PRIMARY KEY NOT NULL
);--> statement-breakpoint
ALTER TABLE "refund_state_stale" ADD CONSTRAINT "refund_state_stale_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "refund_state_stale" ("order_id") SELECT DISTINCT "order_id" FROM "refunds";--> statement-breakpoint
CREATE INDEX "orders_refund_state_idx" ON "orders" USING btree ("refund_state", "created_at") WHERE "refund_state" IS NOT NULL;--> statement-breakpoint
-- A hat sent back (SPEC 9: within 14 days after delivery, 15 % restocking fee; custom hats only
-- for a defect). One per order; the refund itself is a refund row like any other.
CREATE TABLE "order_returns" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	-- RETURN (unworn, less the fee) or DEFECT (no fee).
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	-- The day the 14 days count from (delivered, picked up, else shipped) and whether they had passed.
	"window_start" timestamp with time zone,
	"late" boolean NOT NULL,
	"fee_cents" integer NOT NULL,
	-- What the console proposes to refund: the hat less the fee (a defect: all that was paid).
	"proposed_cents" integer NOT NULL,
	"staff_id" integer,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;
