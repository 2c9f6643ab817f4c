import pg from "pg";

/**
 * SQL that adds `count` made-up products to a shop database whose catalogue is seeded, each with
 * the Russian texts, sizes and two photos of a seeded hat (the same files in storage): what the
 * storefront meets with a catalogue of 20,000 products. One statement for the products, one for
 * their photos.
 */
function seedProductsSql(count: number): string {
  return `
insert into products (id, name, description, price_cents, material, color, crown_style, brim_size, sizes, is_new,
  is_featured, in_stock, translations, created_at, updated_at)
select
  (select max(id) from products) + i,
  'Workshop hat no. ' || i,
  'A made-to-order hat from the workshop, woven and blocked by hand. Pattern ' || i || '.',
  4500 + (i * 37) % 30000,
  (array['Toquilla straw','Pandan leaf','Raffia','Seagrass'])[1 + i % 4],
  (array['Natural','Black','Olive','Sand'])[1 + i % 4],
  'Teardrop pinch',
  '7 cm brim',
  array[54 + i % 4, 55 + i % 4, 56 + i % 4, 57 + i % 4],
  i % 10 = 0,
  i % 50 = 0,
  i % 7 <> 0,
  jsonb_build_object('ru', jsonb_build_object('name', 'Шляпа мастерской № ' || i, 'description', 'Шляпа на заказ, сплетена и сформована вручную.')),
  now() - make_interval(mins => i),
  now() - make_interval(mins => i)
from generate_series(1, ${count}) as i;
select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products));
insert into product_images (product_id, position, storage_key, width, height)
select p.id, img.position, img.storage_key, img.width, img.height
from products p
join product_images img on img.product_id = 1 + (p.id % 24) and img.position < 2
where p.id > 24;
`;
}

/**
 * Adds `count` made-up products to the shop's PostgreSQL database at `databaseUrl` (migrated and
 * seeded by the API), then does what autovacuum would do to a table that old; answers how many
 * products the catalogue then has.
 */
export async function seedCatalog(databaseUrl: string, count: number): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(seedProductsSql(count));
    await db.query("vacuum analyze");
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from products");
    return rows[0]!.n;
  } finally {
    await db.end();
  }
}

// node bench/catalog-seed.ts DATABASE_URL COUNT: the same from another app's bench, as a process of the API's.
if (import.meta.main) {
  const [databaseUrl, count] = process.argv.slice(2);
  if (!databaseUrl || !Number.isInteger(Number(count))) {
    console.error("usage: node bench/catalog-seed.ts DATABASE_URL COUNT");
    process.exit(2);
  }
  console.log(`The catalogue has ${await seedCatalog(databaseUrl, Number(count))} products.`);
}
