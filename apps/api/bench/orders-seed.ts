/**
 * SQL that adds `count` made-up orders to a migrated shop database, spread over the last year,
 * with every status, payment status and method the shop knows, Latin and Cyrillic names: what the
 * orders list meets after a busy year. One statement, so 10,000 orders take well under a second.
 */
export function seedOrdersSql(count: number): string {
  return `
insert into orders (order_number, access_token, status, payment_status, payment_method, product_id, product_name,
  size, color, price_cents, shipping_address, delivery_option, delivery_cost_cents, total_cents, usd_to_idr_rate,
  total_idr, locale, created_at, updated_at)
select
  'RT-B' || lpad(upper(to_hex(i)), 5, '0'),
  'bench-token-' || i,
  (array['PENDING','PROCESSING','CONTACTED','IN_PROGRESS','SHIPPED','DELIVERED','COMPLETED','CANCELLED'])[1 + i % 8],
  (array['PENDING','SUCCEEDED','SUCCEEDED','AWAITING_PREPAYMENT','FAILED'])[1 + i % 5],
  (array['BCA','CARD','QRIS','CASH_IN_STORE','OVO','MANDIRI'])[1 + i % 6],
  1 + i % 24,
  (array['Ubud Sun Fedora','Kintamani Panama','Sidemen Boater','Canggu Bucket'])[1 + i % 4],
  55 + i % 6,
  (array['Natural','Black','Olive'])[1 + i % 3],
  15000 + (i % 20) * 500,
  jsonb_build_object(
    'fullName', (array['Anna Petrova','John Smith','Made Wirawan','Ольга Смирнова','Ketut Sari','Maria Garcia'])[1 + i % 6] || ' ' || i,
    'email', 'customer' || i || '@example.com',
    'phone', '+62 812 0000 ' || lpad((i % 10000)::text, 4, '0'),
    'addressLine1', 'Jalan Raya ' || i,
    'city', 'Ubud', 'state', 'Bali', 'postalCode', '80571', 'country', 'Indonesia'),
  (array['DHL','LION_PARCEL','PICKUP'])[1 + i % 3],
  (i % 3) * 1000,
  15000 + (i % 20) * 500 + (i % 3) * 1000,
  '16777.30',
  (15000 + (i % 20) * 500 + (i % 3) * 1000) * 168,
  (array['en','ru'])[1 + i % 2],
  now() - (i * interval '52 minutes'),
  now() - (i * interval '52 minutes')
from generate_series(1, ${Math.floor(count)}) as i`;
}
