-- The console's orders list sorted by total (dearest or cheapest first) reads this index, in
-- place of sorting every matching order for each page.
CREATE INDEX "orders_total_id_idx" ON "orders" USING btree ("total_cents","id");
