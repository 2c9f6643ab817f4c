import path from "node:path";
import pg from "pg";

/**
 * SQL that adds `count` made-up products to a shop database whose catalogue is seeded, each with
 * the Russian texts, sizes and two photos of a seeded hat (the same files in storage): what the
 * storefront meets with a catalogue of 20,000 products. One statement for the products, one for
 * their photos, then the catalogue's counter raised as a save raises it.
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
-- What the API's own saves do (catalogChanged): a running API drops what it keeps of the catalogue.
insert into cache_versions (name, version) values ('catalog', 1)
on conflict (name) do update set version = cache_versions.version + 1;
`;
}

/** The two statements the seed needs from a database: run SQL, read one number. */
type SeedTarget = { exec: (sql: string) => Promise<unknown>; count: () => Promise<number>; close: () => Promise<void> };

async function postgresTarget(databaseUrl: string): Promise<SeedTarget> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  return {
    exec: (sql) => db.query(sql),
    count: async () => (await db.query<{ n: number }>("select count(*)::int as n from products")).rows[0]!.n,
    close: () => db.end(),
  };
}

/** The embedded database of the data folder `dataDir` (the API stopped meanwhile: one process per folder). */
async function pgliteTarget(dataDir: string): Promise<SeedTarget> {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(path.join(dataDir, "db"));
  return {
    exec: (sql) => db.exec(sql),
    count: async () => (await db.query<{ n: number }>("select count(*)::int as n from products")).rows[0]!.n,
    close: () => db.close(),
  };
}

/**
 * Adds `count` made-up products to the shop's database (migrated and seeded by the API), then does
 * what autovacuum would do to a table that old; answers how many products the catalogue then has.
 * The database: PostgreSQL at a URL, or `{ pglite: dataDir }`, the API's embedded one.
 */
export async function seedCatalog(database: string | { pglite: string }, count: number): Promise<number> {
  const db = typeof database === "string" ? await postgresTarget(database) : await pgliteTarget(database.pglite);
  try {
    await db.exec(seedProductsSql(count));
    await db.exec("vacuum analyze");
    return await db.count();
  } finally {
    await db.close();
  }
}

// node bench/catalog-seed.ts DATABASE_URL COUNT, or --pglite DATA_DIR COUNT (the API stopped):
// the same from another app's bench, as a process of the API's.
if (import.meta.main) {
  const args = process.argv.slice(2);
  const [database, count] = args[0] === "--pglite" && args[1] ? [{ pglite: args[1] }, args[2]] : [args[0], args[1]];
  if (!database || !Number.isInteger(Number(count))) {
    console.error("usage: node bench/catalog-seed.ts DATABASE_URL COUNT\n       node bench/catalog-seed.ts --pglite DATA_DIR COUNT");
    process.exit(2);
  }
  console.log(`The catalogue has ${await seedCatalog(database, Number(count))} products.`);
}
