import type { ProductView } from "@workshop/domain/product.ts";
import { stringify } from "csv-stringify/sync";
import { getDb } from "#server/db/client.ts";
import { type ApiProduct, toApiProduct } from "./spec-view.ts";

/**
 * Export Products Data (SPEC 2.11): every product, hidden ones too (marked `hidden`), in the SPEC 3
 * shape, as `products.js` (an ES module exporting the array, as the workshop's first shop kept its
 * catalogue), JSON or CSV. Read by id in batches and streamed, so 20,000 products never sit in
 * memory at once; the first batch is read before the answer starts (a failure is then a 503).
 */
export const exportFormats = ["js", "json", "csv"] as const;
export type ExportFormat = (typeof exportFormats)[number];

const BATCH = 500;

type ExportedProduct = ApiProduct & { hidden: boolean };

async function batchAfter(afterId: number, origin: string): Promise<ExportedProduct[]> {
  const db = await getDb();
  const rows = await db.selectFrom("products").selectAll().where("id", ">", afterId).orderBy("id").limit(BATCH).execute();
  if (rows.length === 0) return [];
  const images = await db
    .selectFrom("productImages")
    .selectAll()
    .where(
      "productId",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("productId")
    .orderBy("position")
    .execute();
  return rows.map((row) => {
    const view: ProductView = {
      ...row,
      sizes: [...row.sizes].sort((a, b) => a - b),
      images: images.filter((i) => i.productId === row.id).map((i) => ({ key: i.storageKey, width: i.width, height: i.height })),
    };
    return { ...toApiProduct(view, origin), hidden: row.hidden };
  });
}

/**
 * A CSV cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) gets a leading apostrophe, as in the orders export (src/admin-orders/orders-csv.ts).
 */
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const csvColumns = [
  "id",
  "name",
  "price",
  "inStock",
  "isNew",
  "isFeatured",
  "hidden",
  "description",
  "material",
  "color",
  "crownStyle",
  "brimSize",
  "sizes",
  "images",
] as const;

function csvRow(p: ExportedProduct): string[] {
  const cells: Record<(typeof csvColumns)[number], string> = {
    id: String(p.id),
    name: p.name,
    price: p.price.toFixed(2),
    inStock: String(p.inStock),
    isNew: String(p.isNew),
    isFeatured: String(p.isFeatured),
    hidden: String(p.hidden),
    description: p.description,
    material: p.material,
    color: p.color,
    crownStyle: p.crownStyle,
    brimSize: p.brimSize,
    sizes: p.sizes.map((s) => s.sizeInCm).join(" "),
    images: p.images.join(" "),
  };
  return csvColumns.map((c) => safeCell(cells[c]));
}

/** JSON text safe inside a JavaScript module too (U+2028/2029 escaped, as older engines need). */
const json = (value: unknown) => JSON.stringify(value, null, 2).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

function chunkOf(format: ExportFormat, batch: ExportedProduct[], first: boolean): string {
  if (format === "csv") return stringify(batch.map(csvRow));
  const items = batch.map((p) => json(p).replace(/^/gm, "  ")).join(",\n");
  return batch.length === 0 ? "" : `${first ? "\n" : ",\n"}${items}`;
}

const openers: Record<ExportFormat, string> = {
  js: "// The shop's products (SPEC 3), exported from the admin.\nexport const products = [",
  json: "[",
  csv: `\uFEFF${stringify([csvColumns as unknown as string[]])}`,
};
const closers: Record<ExportFormat, string> = {
  js: "\n];\n\nexport default products;\n",
  json: "\n]\n",
  csv: "",
};

export const exportFiles: Record<ExportFormat, { name: string; type: string }> = {
  js: { name: "products.js", type: "text/javascript; charset=utf-8" },
  json: { name: "products.json", type: "application/json; charset=utf-8" },
  csv: { name: "products.csv", type: "text/csv; charset=utf-8" },
};

/** The whole export as a stream of text. `origin` makes the photo addresses absolute. */
export async function productsExport(format: ExportFormat, origin: string): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let batch = await batchAfter(0, origin);
  let first = true;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(openers[format]));
      }
      if (batch.length === 0) {
        controller.enqueue(encoder.encode(closers[format]));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(chunkOf(format, batch, first)));
      first = false;
      const last = batch.at(-1)!.id;
      batch = batch.length < BATCH ? [] : await batchAfter(last, origin);
    },
  });
}
