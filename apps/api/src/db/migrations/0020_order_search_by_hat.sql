-- Staff find an order by the hat in it too: its search text gains the name the order carries
-- (the hat's English name when ordered, or the custom hat's), and the list's index carries the
-- product's id, so a search by a hat's current name in either language (the products it names)
-- still reads the index alone (src/admin-orders/order-list.ts, decision 050).
DROP INDEX "orders_created_id_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(order_number || E'\n' || coalesce(shipping_address->>'email', '') || E'\n' || coalesce(shipping_address->>'fullName', '') || E'\n' || product_name)) STORED;--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at","id") INCLUDE ("search_text","product_id");
