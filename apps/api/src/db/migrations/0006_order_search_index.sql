-- The orders list's index also carries the search text, so a search reads the index alone
-- (newest first, no table rows) and stops reading customers' addresses for every order.
DROP INDEX "orders_created_id_idx";--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at","id") INCLUDE ("search_text");
