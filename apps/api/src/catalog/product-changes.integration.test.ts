import { productListQuery } from "@workshop/domain/admin-product-list.ts";
import { defaultFilter } from "@workshop/domain/catalog-filter.ts";
import { type ProductInput, productSchema, type RawProduct } from "@workshop/domain/validation/product.ts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/audit/actor.ts";
import { auditEntries } from "#server/audit/log.ts";
import { type DatabaseHandle, getDb } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import { storage } from "#server/media/storage.ts";
import { sitemapProducts } from "#server/seo/sitemap.ts";
import { sampleProduct } from "#test-support/sample-product.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { productListPage } from "./admin-list.ts";
import { productsExport } from "./export.ts";
import { createProduct, deleteProduct, editableProduct, setHidden, updateProduct } from "./product-changes.ts";
import { listProducts } from "./product-list.ts";
import { allProducts, getProduct, productCount, productsById, readProduct } from "./products.ts";
import { productFieldsOf, specProductRefusal } from "./spec-input.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const actor: Actor = { staffId: null, label: "api token", role: "machine", ip: "127.0.0.1" };

const input = (change: Partial<RawProduct> = {}): ProductInput => productSchema.parse({ ...sampleProduct, ...change });

async function upload(key: string): Promise<void> {
  const body = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c96" } })
    .png()
    .toBuffer();
  await storage().put(key, body, "image/png");
}

async function placeOrderOf(productId: number): Promise<void> {
  const db = await getDb();
  await db
    .insertInto("orders")
    .values({
      orderNumber: `RT-P${productId}`,
      accessToken: String(productId).padStart(32, "a"),
      status: "PENDING",
      paymentStatus: "PENDING",
      paymentMethod: "BCA",
      productId,
      productName: "Sidemen Sun Hat",
      priceCents: 18_550,
      shippingAddress: json({
        fullName: "Ayu",
        email: "ayu@example.com",
        phone: "+62 811",
        addressLine1: "Jl. Test 1",
        city: "Ubud",
        state: "Bali",
        postalCode: "80571",
        country: "Indonesia",
      }),
      deliveryOption: "PICKUP",
      deliveryCostCents: 0,
      totalCents: 18_550,
      usdToIdrRate: "16777.30",
      totalIdr: 3_112_189,
      locale: "en",
    })
    .execute();
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  // The BOM kept, as a spreadsheet reads it.
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

/** An API body as POST /api/products reads it: its photo addresses resolved, then checked by the form's schema. */
async function productFromApi(body: unknown, origin: string, current: []): Promise<ProductInput> {
  const fields = await productFieldsOf(body, origin, current);
  const parsed = productSchema.safeParse(fields);
  if (!parsed.success) throw specProductRefusal(parsed.error, fields);
  return parsed.data;
}

describe("the product form's schema", () => {
  it("reads an API body: a float price exactly, sizes as {sizeInCm}, photos by key or by this shop's address only", async () => {
    const origin = "http://shop.test";
    const body = { ...sampleProduct, price: 0.07, sizes: [{ sizeInCm: 58 }], images: [] };
    expect((await productFromApi(body, origin, [])).priceCents).toBe(7);
    expect((await productFromApi({ ...body, price: 185.5 }, origin, [])).priceCents).toBe(18_550);
    await upload("1795000000000-sun-hat.png");
    const byAddress = await productFromApi(
      { ...body, images: [`${origin}/media/1280/1795000000000-sun-hat.jpg`, "1795000000000-sun-hat.png"] },
      origin,
      [],
    );
    expect(byAddress.images.map((i) => i.key)).toEqual(["1795000000000-sun-hat.png", "1795000000000-sun-hat.png"]);
    for (const image of [
      "https://evil.example/media/1280/1795000000000-sun-hat.jpg",
      `${origin}/media/1280/products/hat-01-1.jpg`,
      `${origin}/files/1795000000000-sun-hat.png`,
      42,
    ]) {
      await expect(productFromApi({ ...body, images: [image] }, origin, []), String(image)).rejects.toMatchObject({
        kind: "invalid",
        details: { "images.0.key": expect.any(String) },
      });
    }
    await expect(productFromApi({ ...body, price: "x", sizes: [{ sizeInCm: 70 }] }, origin, [])).rejects.toMatchObject({
      details: expect.objectContaining({ price: expect.any(String), "sizes.0": expect.any(String) }),
    });
  });
});

describe("product ids", () => {
  it("are 1 for the first product, then the highest plus 1, even for two created at the same moment", async () => {
    const first = await createProduct(input(), actor);
    expect(first.id).toBe(1);
    const [a, b, c] = await Promise.all([createProduct(input(), actor), createProduct(input(), actor), createProduct(input(), actor)]);
    expect([a!.id, b!.id, c!.id].sort()).toEqual([2, 3, 4]);
    // After the highest is deleted, its id is the highest plus 1 again.
    await deleteProduct(4, actor);
    expect((await createProduct(input(), actor)).id).toBe(4);
  });
});

describe("changing, hiding and deleting", () => {
  it("saves photos only from uploads that exist, with their sizes and alt texts, and keeps the product's own", async () => {
    await upload("uploads/products/hat-a.png");
    const product = await createProduct(
      input({ images: [{ key: "uploads/products/hat-a.png", altEn: "Front", altRu: "Спереди" }], nameRu: "Шляпа Сидемен" }),
      actor,
    );
    expect(product.images).toEqual([{ storageKey: "uploads/products/hat-a.png", width: 40, height: 30, altEn: "Front", altRu: "Спереди" }]);
    const ru = await getProduct(product.id, "ru");
    expect(ru).toMatchObject({ name: "Шляпа Сидемен", material: "Palm leaf" });
    expect(ru?.images[0]?.alt).toBe("Спереди");
    await upload("product-1795000000001-2-side.png");
    const second = await updateProduct(
      product.id,
      input({ images: [{ key: "product-1795000000001-2-side.png", altEn: "", altRu: "" }] }),
      actor,
    );
    expect(second.images.map((i) => i.storageKey)).toEqual(["product-1795000000001-2-side.png"]);
    for (const key of [
      "uploads/products/missing.png",
      "products/hat-01-1.webp",
      "uploads/other/hat-a.png",
      "variants/product-1795000000001-2-side/320.jpg",
    ]) {
      await expect(updateProduct(product.id, input({ images: [{ key, altEn: "", altRu: "" }] }), actor), key).rejects.toMatchObject({
        kind: "invalid",
        details: { "images.0.key": "image" },
      });
    }
    // A storage file that is no image is refused too.
    await storage().put("uploads/products/not-an-image.png", Buffer.from("GIF89a, or so it says"), "image/png");
    await expect(
      updateProduct(product.id, input({ images: [{ key: "uploads/products/not-an-image.png", altEn: "", altRu: "" }] }), actor),
    ).rejects.toMatchObject({ kind: "invalid" });
    const updated = await updateProduct(
      product.id,
      input({ price: "99.99", sizes: ["60"], images: [{ key: "uploads/products/hat-a.png", altEn: "Side", altRu: "" }] }),
      actor,
    );
    expect(updated).toMatchObject({ priceCents: 9999, sizes: [60], translations: {} });
    expect(updated.images[0]?.altEn).toBe("Side");
    const { entries } = await auditEntries({ recordType: "product", recordId: String(product.id) });
    const change = entries.find((e) => e.action === "product-updated");
    expect(change?.before).toMatchObject({ priceCents: 18_550, sizes: [55, 57] });
    expect(change?.after).toMatchObject({ priceCents: 9999, sizes: [60] });
    await expect(updateProduct(99_999, input(), actor)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("hides an ordered product from the shop (list, page, API, sitemap) and keeps it; never deletes it", async () => {
    const product = await createProduct(input({ name: "Ordered hat" }), actor);
    await placeOrderOf(product.id);
    await expect(deleteProduct(product.id, actor)).rejects.toMatchObject({ kind: "conflict" });
    expect(await editableProduct(product.id)).toMatchObject({ ordered: true });

    await setHidden(product.id, true, actor);
    const list = await listProducts({ ...defaultFilter, page: 1 }, "en");
    expect(list.products.map((p) => p.id)).not.toContain(product.id);
    expect(await getProduct(product.id, "en")).toBeNull();
    expect(await readProduct(product.id, "en")).toBeNull();
    expect((await allProducts("en")).map((p) => p.id)).not.toContain(product.id);
    expect((await productsById(0, 100_000, "en")).map((p) => p.id)).not.toContain(product.id);
    expect((await productsById(0, 100_000, "en")).length).toBe(await productCount());
    expect((await sitemapProducts(1))?.map((p) => p.id)).not.toContain(product.id);
    const admin = await productListPage(productListQuery(new URLSearchParams("status=hidden")));
    expect(admin.rows.map((r) => r.id)).toEqual([product.id]);

    await setHidden(product.id, false, actor);
    expect(await getProduct(product.id, "en")).not.toBeNull();
    expect((await sitemapProducts(1))?.map((p) => p.id)).toContain(product.id);
    const { entries } = await auditEntries({ recordType: "product", recordId: String(product.id) });
    expect(entries.map((e) => e.action)).toEqual(["product-shown", "product-hidden", "product-created"]);
  });

  it("deletes a product never ordered, with its audit row keeping what it was", async () => {
    const product = await createProduct(input({ name: "Short-lived hat" }), actor);
    await deleteProduct(product.id, actor);
    expect(await editableProduct(product.id)).toBeNull();
    const { entries } = await auditEntries({ action: "product-deleted", recordId: String(product.id) });
    expect(entries[0]?.before).toMatchObject({ name: "Short-lived hat" });
  });
});

describe("the staff's list and export", () => {
  it("searches by name or id, in the database, page by page", async () => {
    const byName = await productListPage(productListQuery(new URLSearchParams("q=ORDERED")));
    expect(byName.rows.map((r) => r.name)).toEqual(["Ordered hat"]);
    const byId = await productListPage(productListQuery(new URLSearchParams("q=2")));
    expect(byId.rows.map((r) => r.id)).toContain(2);
    const paged = await productListPage(productListQuery(new URLSearchParams("limit=25&page=2")));
    expect(paged.rows).toEqual([]);
    expect(paged.pagination.total).toBeGreaterThan(4);
    expect((await productListPage(productListQuery(new URLSearchParams("q=%25")))).rows).toEqual([]);
  });

  it("exports products.js as an ES module, JSON, and CSV safe from formulas", async () => {
    const tricky = await createProduct(
      input({ name: '=HYPERLINK("http://evil")', description: 'Line one\nline \u2028 two, "quoted"' }),
      actor,
    );
    const origin = "http://shop.test";
    const js = await text(await productsExport("js", origin));
    const module = (await import(`data:text/javascript;base64,${Buffer.from(js).toString("base64")}`)) as {
      default: { id: number; price: number; hidden: boolean; sizes: unknown }[];
      products: unknown[];
    };
    expect(module.products).toBe(module.default);
    const all = module.default;
    expect(all.map((p) => p.id)).toEqual([...all.map((p) => p.id)].sort((a, b) => a - b));
    expect(all.find((p) => p.id === tricky.id)).toMatchObject({ price: 185.5, hidden: false, sizes: [{ sizeInCm: 55 }, { sizeInCm: 57 }] });
    const json = JSON.parse(await new Response(await productsExport("json", origin)).text()) as unknown[];
    expect(json).toEqual(all);
    const csv = await text(await productsExport("csv", origin));
    expect(csv.startsWith("\uFEFFid,name,price")).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain(`${tricky.id},`);
  });
});
