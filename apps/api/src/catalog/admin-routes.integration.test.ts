import { productAnswer, productListAnswer } from "@workshop/domain/staff-api/products.ts";
import type { FastifyInstance, InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json } from "#server/db/json.ts";
import { storage } from "#server/media/storage.ts";
import { startSession } from "#server/staff/sessions.ts";
import { sampleProduct } from "#test-support/sample-product.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

// Read by the first config() call, which comes after these lines.
const SHOP = "https://shop.example";
const CONSOLE = "https://admin.shop.example";
process.env.PUBLIC_URL = SHOP;
process.env.ADMIN_URL = CONSOLE;

let test: TestApp;
let app: FastifyInstance;
type Browser = { cookie: string; token: string };
let staff: Browser;

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  const { id } = await test.database.db
    .insertInto("staffAccounts")
    .values({ email: "ketut@workshop.test", name: "Ketut", role: "staff", passwordHash: "not used here" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: session, formToken } = await startSession(id, { ip: "127.0.0.1", userAgent: "test" });
  staff = { cookie: `__Host-staff=${session}`, token: formToken };
});
afterAll(() => test?.close());

/** A call from the console: its origin (unless given), the cookie and (unless `token: null`) the CSRF token. */
const call = (
  url: string,
  {
    as,
    body,
    method = "GET",
    token,
    origin = CONSOLE,
  }: { as?: Browser; body?: unknown; method?: InjectOptions["method"]; token?: string | null; origin?: string } = {},
) =>
  app.inject({
    method,
    url,
    headers: {
      origin,
      ...(as ? { cookie: as.cookie } : {}),
      ...(as && token !== null ? { "x-csrf-token": token ?? as.token } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

let serial = 0;
const nonce = () => `form-${Date.now()}-${++serial}-nonce`;
const form = (change: Record<string, unknown> = {}) => ({ ...sampleProduct, nameRu: "Шляпа Сидемен", ...change });

async function uploaded(name: string): Promise<string> {
  const key = `${Date.now()}-${name}.png`;
  const body = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c96" } })
    .png()
    .toBuffer();
  await storage().put(key, body, "image/png");
  return key;
}

const productCount = async () =>
  Number(
    (
      await test.database.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditOf = async (id: number) =>
  test.database.db
    .selectFrom("auditLog")
    .selectAll()
    .where("recordType", "=", "product")
    .where("recordId", "=", String(id))
    .orderBy("id")
    .execute();

async function added(change: Record<string, unknown> = {}): Promise<number> {
  const answer = await call("/api/admin/products", { method: "POST", as: staff, body: { ...form(change), nonce: nonce() } });
  expect(answer.statusCode, answer.body).toBe(201);
  return productAnswer.parse(answer.json()).id;
}

describe("the console's products (/api/admin/products)", () => {
  it("is 401 for a stranger on every endpoint, 404 for an unknown or malformed id", async () => {
    const endpoints: [string, InjectOptions["method"], unknown?][] = [
      ["", "GET"],
      ["", "PUT", form()],
      ["", "DELETE"],
      ["/hide", "POST"],
      ["/show", "POST"],
    ];
    expect((await call("/api/admin/products")).statusCode).toBe(401);
    expect((await call("/api/admin/products", { method: "POST", body: { ...form(), nonce: nonce() } })).statusCode).toBe(401);
    for (const [path, method, body] of endpoints) {
      expect([path, method, (await call(`/api/admin/products/1${path}`, { method, body })).statusCode]).toEqual([path, method, 401]);
      for (const id of ["99999", "not-a-product", "0"]) {
        const unknown = await call(`/api/admin/products/${id}${path}`, { method, body, as: staff });
        expect([path, method, id, unknown.statusCode, unknown.json().error]).toEqual([path, method, id, 404, "Product not found"]);
      }
    }
  });

  it("lists every product, hidden ones too, searched, filtered and paged on the server", async () => {
    const photo = await uploaded("boater");
    const id = await added({ name: "Tirta Gangga Boater", images: [{ key: photo, altEn: "", altRu: "" }] });
    await call(`/api/admin/products/${id}/hide`, { method: "POST", as: staff });
    const all = productListAnswer.parse((await call("/api/admin/products?limit=25", { as: staff })).json());
    expect(all.pagination).toMatchObject({ page: 1, limit: 25, total: await productCount() });
    expect(all.rows[0]).toEqual({
      id,
      name: "Tirta Gangga Boater",
      priceCents: 18_550,
      isNew: true,
      isFeatured: false,
      inStock: true,
      hidden: true,
      // The card photo's small size, on the API's origin.
      thumbnailUrl: `${SHOP}/media/320/${photo.replace(/\.png$/, "")}.jpg`,
    });
    const found = productListAnswer.parse((await call("/api/admin/products?q=gangga&status=hidden", { as: staff })).json());
    expect(found.rows.map((r) => r.id)).toEqual([id]);
    expect((await call("/api/admin/products?q=gangga&status=shown", { as: staff })).json().rows).toEqual([]);
    const second = productListAnswer.parse((await call("/api/admin/products?limit=25&page=2", { as: staff })).json());
    expect(second.pagination.page).toBe(2);
    expect(second.rows.some((r) => all.rows.some((a) => a.id === r.id))).toBe(false);
  });

  it("adds a product with every field, both languages and its photos in order, audited; the form again adds nothing", async () => {
    const photos = [await uploaded("front"), await uploaded("side")];
    const before = await productCount();
    const body = {
      ...form({ images: photos.map((key, i) => ({ key, altEn: `Photo ${i + 1}`, altRu: `Фото ${i + 1}` })) }),
      nonce: nonce(),
    };
    const first = await call("/api/admin/products", { method: "POST", as: staff, body });
    expect(first.statusCode, first.body).toBe(201);
    const product = productAnswer.parse(first.json());
    expect(product.values).toMatchObject({
      name: "Sidemen Sun Hat",
      nameRu: "Шляпа Сидемен",
      descriptionRu: "",
      price: "185.50",
      sizes: ["55", "57"],
      images: [
        { key: photos[0], altEn: "Photo 1", altRu: "Фото 1" },
        { key: photos[1], altEn: "Photo 2", altRu: "Фото 2" },
      ],
    });
    expect(product.thumbnails.map((t) => t.url)).toEqual(photos.map((k) => `${SHOP}/media/320/${k.replace(/\.png$/, "")}.jpg`));
    // A double click: the same form's nonce answers the same product, and nothing more is added.
    const again = await call("/api/admin/products", { method: "POST", as: staff, body });
    expect([again.statusCode, again.json().id]).toEqual([200, product.id]);
    expect(await productCount()).toBe(before + 1);
    const audit = await auditOf(product.id);
    expect(audit.map((a) => a.action)).toEqual(["product-created"]);
    expect(audit[0]!.actor).toBe("ketut@workshop.test");
    expect((await call(`/api/admin/products/${product.id}`, { as: staff })).json()).toEqual(product);
  });

  it("refuses a price of 0, a bad size row and a photo that is not an upload, naming each field, adding nothing", async () => {
    const before = await productCount();
    const answer = await call("/api/admin/products", {
      method: "POST",
      as: staff,
      body: {
        ...form({ price: "0", name: " ", sizes: ["57", "", "80"], images: [{ key: "products/seed.jpg", altEn: "", altRu: "" }] }),
        nonce: "x",
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual({ price: "price", name: "required", "sizes.2": "size", nonce: "expired" });
    const photo = await call("/api/admin/products", {
      method: "POST",
      as: staff,
      body: { ...form({ images: [{ key: "products/seed.jpg", altEn: "", altRu: "" }] }), nonce: nonce() },
    });
    expect([photo.statusCode, photo.json().details]).toEqual([400, { "images.0.key": "image" }]);
    expect((await call("/api/admin/products", { method: "POST", as: staff, body: "not json" })).statusCode).toBe(400);
    expect(await productCount()).toBe(before);
  });

  it("saves every field, reorders photos, hides, shows and deletes, each audited", async () => {
    const photos = [await uploaded("one"), await uploaded("two")];
    const id = await added({ images: photos.map((key) => ({ key, altEn: "", altRu: "" })) });
    const saved = await call(`/api/admin/products/${id}`, {
      method: "PUT",
      as: staff,
      body: form({
        name: "Sidemen Hat",
        brimSizeRu: "12 см",
        price: "0.29",
        inStock: false,
        sizes: ["62"],
        images: [
          { key: photos[1], altEn: "Back", altRu: "Сзади" },
          { key: photos[0], altEn: "Front", altRu: "Спереди" },
        ],
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(productAnswer.parse(saved.json()).values).toMatchObject({
      name: "Sidemen Hat",
      brimSizeRu: "12 см",
      price: "0.29",
      inStock: false,
      sizes: ["62"],
      images: [{ key: photos[1] }, { key: photos[0] }],
    });
    const zero = await call(`/api/admin/products/${id}`, { method: "PUT", as: staff, body: form({ price: "0.00" }) });
    expect([zero.statusCode, zero.json().details]).toEqual([400, { price: "price" }]);

    const hidden = await call(`/api/admin/products/${id}/hide`, { method: "POST", as: staff });
    expect([hidden.statusCode, hidden.json().hidden]).toEqual([200, true]);
    expect((await call(`/api/products/${id}`)).statusCode).toBe(404);
    const shown = await call(`/api/admin/products/${id}/show`, { method: "POST", as: staff });
    expect([shown.statusCode, shown.json().hidden]).toEqual([200, false]);
    expect((await call(`/api/products/${id}`)).statusCode).toBe(200);

    const gone = await call(`/api/admin/products/${id}`, { method: "DELETE", as: staff });
    expect(gone.statusCode).toBe(204);
    expect((await call(`/api/admin/products/${id}`, { as: staff })).statusCode).toBe(404);
    expect((await auditOf(id)).map((a) => a.action)).toEqual([
      "product-created",
      "product-updated",
      "product-hidden",
      "product-shown",
      "product-deleted",
    ]);
  });

  it("saves made to order (a ready hat in stock when false) for a staff member, audited; a bad value changes nothing", async () => {
    // Left out of the form, a new product is made to order.
    const id = await added();
    const product = async () => productAnswer.parse((await call(`/api/admin/products/${id}`, { as: staff })).json());
    const stored = async () =>
      (await test.database.db.selectFrom("products").select("madeToOrder").where("id", "=", id).executeTakeFirstOrThrow()).madeToOrder;
    expect([(await product()).values.madeToOrder, await stored()]).toEqual([true, true]);

    // The staff member (no owner) saves it both ways, as any field of the form.
    for (const madeToOrder of [false, true, false]) {
      const saved = await call(`/api/admin/products/${id}`, { method: "PUT", as: staff, body: form({ madeToOrder }) });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(productAnswer.parse(saved.json()).values.madeToOrder).toBe(madeToOrder);
      expect([(await product()).values.madeToOrder, await stored()]).toEqual([madeToOrder, madeToOrder]);
    }
    // (An id of a product deleted before is handed out again: its rows come before this one's creation.)
    const since = async () => (await auditOf(id)).slice((await auditOf(id)).findLastIndex((a) => a.action === "product-created"));
    const updates = (await since()).filter((a) => a.action === "product-updated");
    expect(
      updates.map((a) => [(a.before as { madeToOrder: boolean }).madeToOrder, (a.after as { madeToOrder: boolean }).madeToOrder]),
    ).toEqual([
      [true, false],
      [false, true],
      [true, false],
    ]);
    expect(updates[0]!.actor).toBe("ketut@workshop.test");

    // Anything but true or false is a 400 naming the field, and nothing is saved or audited.
    const before = await product();
    for (const madeToOrder of ["true", "no", 1, null]) {
      const refused = await call(`/api/admin/products/${id}`, { method: "PUT", as: staff, body: form({ name: "Changed", madeToOrder }) });
      expect([refused.statusCode, typeof refused.json().error, refused.json().details]).toEqual([
        400,
        "string",
        { madeToOrder: "required" },
      ]);
    }
    const refusedNew = await call("/api/admin/products", {
      method: "POST",
      as: staff,
      body: { ...form({ madeToOrder: "false" }), nonce: nonce() },
    });
    expect([refusedNew.statusCode, refusedNew.json().details]).toEqual([400, { madeToOrder: "required" }]);
    expect(await product()).toEqual(before);
    expect((await since()).length).toBe(4);

    // A form without the field (a console page loaded before it had one) keeps the product as it is.
    const kept = await call(`/api/admin/products/${id}`, { method: "PUT", as: staff, body: form({ name: "Sidemen Hat" }) });
    expect([kept.statusCode, kept.json().values.madeToOrder]).toEqual([200, false]);
    // Added as a ready hat in stock.
    const ready = await call("/api/admin/products", {
      method: "POST",
      as: staff,
      body: { ...form({ madeToOrder: false }), nonce: nonce() },
    });
    expect([ready.statusCode, ready.json().values.madeToOrder]).toEqual([201, false]);
    expect((await auditOf(ready.json().id)).at(-1)).toMatchObject({ action: "product-created", after: { madeToOrder: false } });
  });

  it("leaves made to order out of the SPEC's products: a product it adds is made to order, one it changes keeps its own", async () => {
    const spec = {
      name: "Kintamani Trilby",
      price: 120.5,
      description: "A trilby of pandan straw.",
      material: "Pandan",
      color: "Natural",
      crownStyle: "Teardrop",
      brimSize: "5 cm",
      isNew: false,
      isFeatured: false,
      inStock: true,
      sizes: [{ sizeInCm: 58 }],
      images: [],
    };
    const fields = [...Object.keys(spec), "id"].sort();
    // Sent by a SPEC client, the field is not read.
    const created = await call("/api/products", { method: "POST", as: staff, body: { ...spec, madeToOrder: false } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(
      Object.keys(created.json())
        .filter((k) => !["hidden", "translations", "imageAlts"].includes(k))
        .sort(),
    ).toEqual(fields);
    expect((await call(`/api/admin/products/${id}`, { as: staff })).json().values.madeToOrder).toBe(true);
    expect(Object.keys((await call(`/api/products/${id}`)).json()).sort()).toEqual(fields);

    // Made a ready hat in the console, then changed through the SPEC's PUT: still a ready hat.
    const admin = productAnswer.parse((await call(`/api/admin/products/${id}`, { as: staff })).json());
    const ready = await call(`/api/admin/products/${id}`, { method: "PUT", as: staff, body: { ...admin.values, madeToOrder: false } });
    expect(ready.statusCode, ready.body).toBe(200);
    const changed = await call(`/api/products/${id}`, { method: "PUT", as: staff, body: { ...spec, price: 130, madeToOrder: true } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).not.toHaveProperty("madeToOrder");
    expect((await call(`/api/admin/products/${id}`, { as: staff })).json().values).toMatchObject({ price: "130.00", madeToOrder: false });
    const list = (await call("/api/products")).json() as Record<string, unknown>[];
    expect(list.some((p) => "madeToOrder" in p)).toBe(false);
  });

  it("never deletes an ordered product: 409 with its code, nothing changed", async () => {
    const id = await added();
    await test.database.db
      .insertInto("orders")
      .values({
        orderNumber: `RT-C${id}`,
        accessToken: String(id).padStart(32, "c"),
        status: "PENDING",
        paymentStatus: "PENDING",
        paymentMethod: "BCA",
        productId: id,
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
    expect((await call(`/api/admin/products/${id}`, { as: staff })).json().ordered).toBe(true);
    const refused = await call(`/api/admin/products/${id}`, { method: "DELETE", as: staff });
    expect([refused.statusCode, refused.json().details]).toEqual([409, { code: "ordered" }]);
    expect((await call(`/api/admin/products/${id}`, { as: staff })).statusCode).toBe(200);
  });

  it("refuses a write without the CSRF token or from another origin with 403, changing nothing", async () => {
    const id = await added();
    const before = await productCount();
    const writes: [string, InjectOptions["method"], unknown?][] = [
      ["/api/admin/products", "POST", { ...form(), nonce: nonce() }],
      [`/api/admin/products/${id}`, "PUT", form({ name: "Changed" })],
      [`/api/admin/products/${id}/hide`, "POST"],
      [`/api/admin/products/${id}`, "DELETE"],
    ];
    for (const [url, method, body] of writes) {
      const noToken = await call(url, { method, body, as: staff, token: null });
      expect([url, method, noToken.statusCode]).toEqual([url, method, 403]);
      const elsewhere = await call(url, { method, body, as: staff, origin: "https://evil.example" });
      expect([url, method, elsewhere.statusCode]).toEqual([url, method, 403]);
    }
    expect(await productCount()).toBe(before);
    const product = productAnswer.parse((await call(`/api/admin/products/${id}`, { as: staff })).json());
    expect([product.values.name, product.hidden]).toEqual(["Sidemen Sun Hat", false]);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["product-created"]);
  });
});
