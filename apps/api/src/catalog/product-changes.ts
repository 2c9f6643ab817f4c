import type { ProductInput } from "@workshop/domain/validation/product.ts";
import { sql } from "kysely";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import type { Tx } from "#server/db/tx.ts";
import type { ProductTranslation, Row } from "#server/db/types.ts";
import { AppError } from "#server/errors.ts";
import { checkPhotos, type StoredPhoto } from "./product-photos.ts";
import { catalogChanged } from "./read-cache.ts";

/**
 * Staff changes to the catalogue: add, change, hide, show again, delete. Each one is a transaction
 * with its audit row (before and after); afterwards this instance forgets its cached pages and
 * reads, so the shop shows the change at once (docs/decisions/003).
 */

/** Arbitrary constant: new product ids are handed out one at a time (highest id plus 1, SPEC 3). */
const PRODUCT_ID_LOCK = 727_021;

type ProductRow = Row<"products">;
type EditablePhoto = StoredPhoto & { altEn: string; altRu: string };
export type EditableProduct = ProductRow & { images: EditablePhoto[]; ordered: boolean };

/** A product with everything the form edits (hidden or not), and whether it was ever ordered. */
export async function editableProduct(id: number, tx?: Tx): Promise<EditableProduct | null> {
  const db = tx ?? (await getDb());
  const row = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [images, ordered] = await Promise.all([
    db
      .selectFrom("productImages")
      .select(["storageKey", "width", "height", "altEn", "altRu"])
      .where("productId", "=", id)
      .orderBy("position")
      .execute(),
    db.selectFrom("orders").select("id").where("productId", "=", id).limit(1).executeTakeFirst(),
  ]);
  return { ...row, images, ordered: ordered !== undefined };
}

/** What the audit log keeps of a product: every field staff can change. */
function snapshot(p: EditableProduct): Record<string, unknown> {
  return {
    name: p.name,
    priceCents: p.priceCents,
    description: p.description,
    material: p.material,
    color: p.color,
    crownStyle: p.crownStyle,
    brimSize: p.brimSize,
    sizes: p.sizes,
    isNew: p.isNew,
    isFeatured: p.isFeatured,
    inStock: p.inStock,
    madeToOrder: p.madeToOrder,
    hidden: p.hidden,
    translations: p.translations,
    images: p.images.map((i) => ({ key: i.storageKey, altEn: i.altEn, altRu: i.altRu })),
  };
}

function columnsOf(input: ProductInput, previous?: ProductRow) {
  const translations: Record<string, ProductTranslation> = { ...(previous?.translations ?? {}) };
  if (Object.keys(input.russian).length > 0) translations.ru = input.russian;
  else delete translations.ru;
  return {
    name: input.name,
    description: input.description,
    material: input.material,
    color: input.color,
    crownStyle: input.crownStyle,
    brimSize: input.brimSize,
    priceCents: input.priceCents,
    sizes: input.sizes,
    isNew: input.isNew,
    isFeatured: input.isFeatured,
    inStock: input.inStock,
    // Left out of the input (the SPEC's API): the column's default for a new product, else as it was.
    ...(input.madeToOrder === undefined ? {} : { madeToOrder: input.madeToOrder }),
    translations: json(translations),
  };
}

/** The photos of the input, checked against storage and the product's own (400 naming each refused one). */
async function photosOf(input: ProductInput, current: readonly StoredPhoto[]): Promise<EditablePhoto[]> {
  const { photos, errors } = await checkPhotos(
    input.images.map((i) => i.key),
    current,
  );
  if (Object.keys(errors).length > 0) throw new AppError("invalid", "Some photos are not the shop's uploaded photos", errors);
  return photos.map((photo, i) => ({ ...photo, altEn: input.images[i]!.altEn, altRu: input.images[i]!.altRu }));
}

async function writePhotos(tx: Tx, productId: number, photos: EditablePhoto[]): Promise<void> {
  await tx.deleteFrom("productImages").where("productId", "=", productId).execute();
  if (photos.length === 0) return;
  await tx
    .insertInto("productImages")
    .values(photos.map((p, position) => ({ productId, position, ...p })))
    .execute();
}

/**
 * Adds a product. Its id is the highest id plus 1 (1 for the first), handed out under a
 * transaction-level advisory lock, so two created at once get two ids (docs/decisions/021).
 */
export async function createProduct(input: ProductInput, actor: Actor): Promise<EditableProduct> {
  return (await addProduct(input, actor, null)).product;
}

/**
 * createProduct for a form with a one-time nonce: the same form sent again (a double click, a
 * retry after a lost answer) adds nothing and answers the product it added. The nonce is kept in
 * the creation's audit row, looked up under the same lock that hands out ids.
 */
export async function createProductOnce(
  input: ProductInput,
  nonce: string,
  actor: Actor,
): Promise<{ product: EditableProduct; created: boolean }> {
  return addProduct(input, actor, nonce);
}

async function addProduct(
  input: ProductInput,
  actor: Actor,
  nonce: string | null,
): Promise<{ product: EditableProduct; created: boolean }> {
  const photos = await photosOf(input, []);
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${PRODUCT_ID_LOCK})`.execute(tx);
    if (nonce !== null) {
      const earlier = await tx
        .selectFrom("auditLog")
        .select("recordId")
        .where("action", "=", "product-created")
        .where(sql<string>`after->>'form'`, "=", nonce)
        .executeTakeFirst();
      const product = earlier?.recordId ? await editableProduct(Number(earlier.recordId), tx) : null;
      if (product) return { product, created: false };
    }
    const next = await tx.selectFrom("products").select(sql<number>`coalesce(max(products.id), 0) + 1`.as("id")).executeTakeFirst();
    const id = Number(next?.id ?? 1);
    await tx
      .insertInto("products")
      .values({ id, ...columnsOf(input) })
      .execute();
    // The serial default stays past every id, should anything insert without one.
    await sql`select setval(pg_get_serial_sequence('products', 'id'), ${id})`.execute(tx);
    await writePhotos(tx, id, photos);
    const product = (await editableProduct(id, tx))!;
    const after = nonce === null ? snapshot(product) : { ...snapshot(product), form: nonce };
    await recordAudit({ actor, action: "product-created", recordType: "product", recordId: id, after }, tx);
    await catalogChanged(tx);
    return { product, created: true };
  });
}

async function lockedProduct(tx: Tx, id: number): Promise<EditableProduct> {
  await tx.selectFrom("products").select("id").where("id", "=", id).forUpdate().execute();
  const product = await editableProduct(id, tx);
  if (!product) throw new AppError("not_found", "Product not found");
  return product;
}

/** Changes every field of a product (its photos too); 404 for an unknown id. */
export async function updateProduct(id: number, input: ProductInput, actor: Actor): Promise<EditableProduct> {
  const current = await editableProduct(id);
  if (!current) throw new AppError("not_found", "Product not found");
  const photos = await photosOf(input, current.images);
  const db = await getDb();
  const updated = await db.transaction().execute(async (tx) => {
    const before = await lockedProduct(tx, id);
    await tx
      .updateTable("products")
      .set({ ...columnsOf(input, before), updatedAt: new Date() })
      .where("id", "=", id)
      .execute();
    await writePhotos(tx, id, photos);
    const after = (await editableProduct(id, tx))!;
    await recordAudit(
      { actor, action: "product-updated", recordType: "product", recordId: id, before: snapshot(before), after: snapshot(after) },
      tx,
    );
    await catalogChanged(tx);
    return after;
  });
  return updated;
}

/** Hides a product from the shop (its orders and the admin keep it), or shows it again. */
export async function setHidden(id: number, hidden: boolean, actor: Actor): Promise<EditableProduct> {
  const db = await getDb();
  const result = await db.transaction().execute(async (tx) => {
    const before = await lockedProduct(tx, id);
    if (before.hidden === hidden) return before;
    await tx.updateTable("products").set({ hidden, updatedAt: new Date() }).where("id", "=", id).execute();
    const after = { ...before, hidden };
    await recordAudit(
      {
        actor,
        action: hidden ? "product-hidden" : "product-shown",
        recordType: "product",
        recordId: id,
        before: { hidden: before.hidden },
        after: { hidden },
      },
      tx,
    );
    await catalogChanged(tx);
    return after;
  });
  return result;
}

/**
 * Deletes a product that was never ordered (409 for one that was: hide it instead). Its photos'
 * rows go with it; the files stay in storage (an old page or e-mail may still show them).
 */
export async function deleteProduct(id: number, actor: Actor): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (tx) => {
    const before = await lockedProduct(tx, id);
    if (before.ordered) throw new AppError("conflict", "This product has orders: hide it instead of deleting it");
    await tx.deleteFrom("products").where("id", "=", id).execute();
    await recordAudit({ actor, action: "product-deleted", recordType: "product", recordId: id, before: snapshot(before) }, tx);
    await catalogChanged(tx);
  });
}
