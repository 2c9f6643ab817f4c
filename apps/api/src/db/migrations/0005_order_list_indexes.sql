DROP INDEX "orders_created_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(order_number || E'\n' || coalesce(shipping_address->>'email', '') || E'\n' || coalesce(shipping_address->>'fullName', ''))) STORED;--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_attempts_flagged_idx" ON "payment_attempts" USING btree ("order_id") WHERE flag is not null;