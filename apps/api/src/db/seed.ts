import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { storage } from "#server/media/storage.ts";
import { seedImagesFolder } from "#server/paths.ts";
import type { Db } from "./client.ts";
import { json } from "./json.ts";
import { seedProducts } from "./seed/products.ts";
import type { ProductTranslation } from "./types.ts";

/** Arbitrary constant: only one instance seeds when several start on an empty database. */
const SEED_LOCK = 727_002;
const VIEWS_PER_PRODUCT = 3;

/**
 * Fills an empty catalogue with the workshop's hats and their photos (copied into storage).
 * Returns how many products it created: 0 when the catalogue already had some.
 */
export async function seedCatalogIfEmpty(db: Db): Promise<number> {
  // A shop that has products (every start but the first) neither reads nor stores the photos.
  if (await hasProducts(db)) return 0;
  const photos = await Promise.all(seedProducts.map((p) => loadPhotos(p.photo)));
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx);
    if (await hasProducts(tx)) return 0;
    const start = Date.now() - seedProducts.length * 60_000;
    for (const [i, seed] of seedProducts.entries()) {
      const { photo, ...fields } = seed;
      const created = await tx
        .insertInto("products")
        .values({
          ...fields,
          translations: json<Record<string, ProductTranslation>>(fields.translations),
          createdAt: new Date(start + i * 60_000),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const images = photos[i] ?? [];
      await tx
        .insertInto("productImages")
        .values(images.map((img, position) => ({ productId: created.id, position, ...img })))
        .execute();
    }
    return seedProducts.length;
  });
}

async function hasProducts(db: Db): Promise<boolean> {
  const row = await db.selectFrom("products").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Copies the committed photos of one design into the configured store (DATA_DIR/files or the S3
 * bucket; a photo already there is kept) and reads their sizes.
 */
async function loadPhotos(design: string) {
  const result: { storageKey: string; width: number; height: number }[] = [];
  for (let view = 1; view <= VIEWS_PER_PRODUCT; view++) {
    const file = `${design}-${view}.webp`;
    const body = await readFile(path.join(seedImagesFolder, file));
    const meta = await sharp(body).metadata();
    const storageKey = `products/${file}`;
    if (!(await storage().exists(storageKey))) await storage().put(storageKey, body, "image/webp");
    result.push({ storageKey, width: meta.width ?? 1200, height: meta.height ?? 1200 });
  }
  return result;
}
