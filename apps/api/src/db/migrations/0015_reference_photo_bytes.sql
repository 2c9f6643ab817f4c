-- A waiting reference photo's size as stored: the room for photos no request has taken yet is
-- bounded in bytes, per client and in all (custom-orders/reference-photos.ts). Rows from before
-- have none and expire within the hour.
ALTER TABLE "custom_order_photos" ADD COLUMN "bytes" integer;
