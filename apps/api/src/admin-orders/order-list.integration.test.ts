import { type Insertable, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, getDb } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import type { Database } from "#server/db/types.ts";
import { AppError } from "#server/errors.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { dashboardCounts } from "./dashboard.ts";
import { allMatchingOrders, apiQuery, type OrderListQuery, orderListPage, pageQuery } from "./order-list.ts";
import { exportFileName, ordersCsv } from "./orders-csv.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

// The clock of these tests: 24 Nov 2026, 10:00 in Bali (UTC+8) = 02:00 UTC.
const now = new Date("2026-11-24T02:00:00Z");
let counter = 0;

type Made = Partial<Insertable<Database["orders"]>> & { name?: string; email?: string };
async function makeOrder(made: Made = {}): Promise<string> {
  counter += 1;
  const { name = `Customer ${counter}`, email = `customer${counter}@example.com`, ...columns } = made;
  const db = await getDb();
  const row = await db
    .insertInto("orders")
    .values({
      orderNumber: `RT-T${String(counter).padStart(5, "0")}`,
      accessToken: `token-${counter}-${"x".repeat(20)}`,
      status: "PENDING",
      paymentStatus: "PENDING",
      paymentMethod: "BCA",
      productId: 1,
      productName: "Ubud Sun Fedora",
      size: 57,
      color: "Natural",
      priceCents: 18_500,
      shippingAddress: json({
        fullName: name,
        email,
        phone: "+62 811 000",
        addressLine1: "Jl. Test 1",
        city: "Ubud",
        state: "Bali",
        postalCode: "80571",
        country: "Indonesia",
      }),
      deliveryOption: "DHL",
      deliveryCostCents: 3_000,
      totalCents: 21_500,
      usdToIdrRate: "16777.30",
      totalIdr: 3_607_120,
      locale: "en",
      createdAt: new Date(now.getTime() - counter * 60_000),
      ...columns,
    })
    .returning("id")
    .executeTakeFirst();
  return row!.id;
}

const page = (query: Partial<OrderListQuery>) => orderListPage({ page: 1, limit: 100, ...query }, now);
const numbers = async (query: Partial<OrderListQuery>) => (await page(query)).rows.map((r) => r.orderNumber);

async function clear() {
  const db = await getDb();
  await db.deleteFrom("orders").execute();
  await db.deleteFrom("contactMessages").execute();
}

describe("the orders list", () => {
  beforeAll(clear);

  it("pages newest first, with the total and the number of pages", async () => {
    for (let i = 0; i < 23; i++) await makeOrder();
    const first = await orderListPage({ page: 1, limit: 10 }, now);
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 23, totalPages: 3 });
    expect(first.rows).toHaveLength(10);
    const times = first.rows.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const third = await orderListPage({ page: 3, limit: 10 }, now);
    expect(third.rows).toHaveLength(3);
    // Each order is a minute older than the one made before it: the first made is the newest.
    expect(third.rows.at(-1)?.orderNumber).toBe("RT-T00023");
    expect(first.rows[0]?.orderNumber).toBe("RT-T00001");
    const beyond = await orderListPage({ page: 9, limit: 10 }, now);
    expect(beyond.rows).toEqual([]);
    expect(beyond.pagination.total).toBe(23);
    // Every order once over all pages: no row lost or repeated between pages.
    const all = (await Promise.all([1, 2, 3].map((p) => orderListPage({ page: p, limit: 10 }, now)))).flatMap((r) => r.rows);
    expect(new Set(all.map((r) => r.id)).size).toBe(23);
  });

  it("reuses a total only while nothing has been written: any change, of an order or elsewhere, counts again", async () => {
    await clear();
    const db = await getDb();
    for (let i = 0; i < 3; i++) await makeOrder({ status: "SHIPPED" });
    const total = async () => (await orderListPage({ page: 1, limit: 2, status: "SHIPPED" }, now)).pagination.total;
    const search = async () => (await orderListPage({ page: 1, limit: 2, q: "reuse" }, now)).pagination.total;
    expect(await total()).toBe(3);
    expect(await total()).toBe(3);
    const added = await makeOrder({ status: "SHIPPED" });
    expect(await total()).toBe(4);
    await db.updateTable("orders").set({ status: "DELIVERED" }).where("id", "=", added).execute();
    expect(await total()).toBe(3);
    expect(await search()).toBe(0);
    await makeOrder({ name: "Reuse Test" });
    expect(await search()).toBe(1);
    expect(await search()).toBe(1);
    // A page beyond the end still says how many there are.
    expect((await orderListPage({ page: 5, limit: 2, status: "SHIPPED" }, now)).pagination.total).toBe(3);
  });

  it("keeps orders of the same instant in one order across pages", async () => {
    await clear();
    const instant = new Date("2026-11-20T05:00:00Z");
    for (let i = 0; i < 7; i++) await makeOrder({ createdAt: instant });
    const seen = [];
    for (let p = 1; p <= 4; p++) seen.push(...(await orderListPage({ page: p, limit: 2 }, now)).rows.map((r) => r.id));
    expect(new Set(seen).size).toBe(7);
  });

  it("filters by status, payment status, method and work queue", async () => {
    await clear();
    const shipped = await makeOrder({ status: "SHIPPED", paymentStatus: "SUCCEEDED", paymentMethod: "CARD" });
    const cash = await makeOrder({ paymentMethod: "CASH_IN_STORE", paymentStatus: "AWAITING_PREPAYMENT", deliveryOption: "PICKUP" });
    const making = await makeOrder({ status: "IN_PROGRESS", paymentStatus: "SUCCEEDED", deliveryOption: "DHL" });
    const pickup = await makeOrder({ status: "IN_PROGRESS", paymentStatus: "SUCCEEDED", deliveryOption: "PICKUP" });
    const contacted = await makeOrder({ status: "CONTACTED", paymentStatus: "SUCCEEDED" });
    const unpaidContacted = await makeOrder({ status: "CONTACTED", paymentStatus: "PENDING" });
    const failed = await makeOrder({ status: "PENDING", paymentStatus: "FAILED" });
    const ids = async (query: Partial<OrderListQuery>) => (await page(query)).rows.map((r) => r.id).sort();

    expect(await ids({ status: "SHIPPED" })).toEqual([shipped]);
    expect(await ids({ paymentStatus: "AWAITING_PREPAYMENT" })).toEqual([cash]);
    expect(await ids({ method: "CARD" })).toEqual([shipped]);
    expect(await ids({ status: "IN_PROGRESS", method: "BCA" })).toEqual([making, pickup].sort());
    expect(await ids({ queue: "to-make" })).toEqual([making, pickup, contacted].sort());
    expect(await ids({ queue: "to-ship" })).toEqual([making]);
    expect(await ids({ queue: "awaiting-payment" })).toEqual([cash]);
    expect(await ids({ status: "CONTACTED" })).toEqual([contacted, unpaidContacted].sort());
    expect(await ids({ paymentStatus: "FAILED" })).toEqual([failed]);
    expect((await page({ status: "COMPLETED" })).pagination).toEqual({ page: 1, limit: 100, total: 0, totalPages: 0 });
  });

  it("takes from and to as whole days in Bali time, both inclusive", async () => {
    await clear();
    // 23 Nov in Bali runs from 22 Nov 16:00 UTC to 23 Nov 16:00 UTC.
    await makeOrder({ orderNumber: "RT-BEFORE", createdAt: new Date("2026-11-22T15:59:59.999Z") });
    await makeOrder({ orderNumber: "RT-FIRST", createdAt: new Date("2026-11-22T16:00:00Z") });
    await makeOrder({ orderNumber: "RT-LAST", createdAt: new Date("2026-11-23T15:59:59.999Z") });
    await makeOrder({ orderNumber: "RT-AFTER", createdAt: new Date("2026-11-23T16:00:00Z") });
    expect(await numbers({ from: "2026-11-23", to: "2026-11-23" })).toEqual(["RT-LAST", "RT-FIRST"]);
    expect(await numbers({ from: "2026-11-23" })).toEqual(["RT-AFTER", "RT-LAST", "RT-FIRST"]);
    expect(await numbers({ to: "2026-11-22" })).toEqual(["RT-BEFORE"]);
    expect(await numbers({ from: "2026-11-24", to: "2026-11-23" })).toEqual([]);
  });

  it("searches order number, e-mail and name, in any case, in part, with Cyrillic", async () => {
    await clear();
    await makeOrder({ orderNumber: "RT-7K3M9Q", name: "Anna Petrova", email: "anna@example.com" });
    await makeOrder({ orderNumber: "RT-ABCDEF", name: "Ольга Смирнова", email: "olga@mail.ru" });
    await makeOrder({ orderNumber: "RT-GHJKMN", name: "Made Wirawan", email: "made.w@bali.id" });
    expect(await numbers({ q: "7k3m" })).toEqual(["RT-7K3M9Q"]);
    expect(await numbers({ q: "ANNA@EXAMPLE" })).toEqual(["RT-7K3M9Q"]);
    expect(await numbers({ q: "смирн" })).toEqual(["RT-ABCDEF"]);
    expect(await numbers({ q: "ОЛЬГА" })).toEqual(["RT-ABCDEF"]);
    expect(await numbers({ q: "wirawan" })).toEqual(["RT-GHJKMN"]);
    expect(await numbers({ q: "nobody" })).toEqual([]);
    // A match never spans two fields.
    expect(await numbers({ q: "9qanna" })).toEqual([]);
    const paged = await orderListPage({ page: 2, limit: 1, q: "a" }, now);
    expect(paged.pagination.total).toBe(3);
    expect(paged.rows).toHaveLength(1);
    const beyond = await orderListPage({ page: 5, limit: 1, q: "a" }, now);
    expect(beyond).toMatchObject({ rows: [], pagination: { total: 3 } });
  });

  it("finds an order by its hat: the English or Russian name, in part, in any case, and a renamed hat by either name", async () => {
    await clear();
    const db = await getDb();
    const hat = async (name: string, ru: string) =>
      (
        await db
          .insertInto("products")
          .values({ name, priceCents: 18_500, translations: json({ ru: { name: ru } }) })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const panama = await hat("Kintamani Panama", "Панама Кинтамани");
    const bucket = await hat("Sanur Bucket Hat", "Панама-ведро Санур");
    await makeOrder({ orderNumber: "RT-HAT001", productId: panama, productName: "Kintamani Panama" });
    await makeOrder({ orderNumber: "RT-HAT002", productId: bucket, productName: "Sanur Bucket Hat" });
    await makeOrder({ orderNumber: "RT-HAT003", productId: null, productName: "Custom Fedora (request #C7)" });
    expect(await numbers({ q: "kintamani" })).toEqual(["RT-HAT001"]);
    expect(await numbers({ q: "BUCKET" })).toEqual(["RT-HAT002"]);
    expect(await numbers({ q: "кинтам" })).toEqual(["RT-HAT001"]);
    expect(await numbers({ q: "ВЕДРО" })).toEqual(["RT-HAT002"]);
    expect(await numbers({ q: "панама" })).toEqual(["RT-HAT001", "RT-HAT002"]);
    expect(await numbers({ q: "custom fedora" })).toEqual(["RT-HAT003"]);
    expect((await orderListPage({ page: 2, limit: 1, q: "панама" }, now)).pagination.total).toBe(2);
    // Renamed since: found by the name the order carries and by the hat's new one.
    await db.updateTable("products").set({ name: "Kintamani Sun Panama" }).where("id", "=", panama).execute();
    expect(await numbers({ q: "kintamani panama" })).toEqual(["RT-HAT001"]);
    expect(await numbers({ q: "sun panama" })).toEqual(["RT-HAT001"]);
    // A match never runs from the customer's fields into the hat's name.
    expect(await numbers({ q: "example.com kintamani" })).toEqual([]);
    await db.deleteFrom("products").where("id", "in", [panama, bucket]).execute();
  });

  it("finds a hat by name from the list's index alone, as it finds a customer", async () => {
    const db = await getDb();
    await sql`set enable_seqscan = off`.execute(db);
    const plan = await sql<Record<string, string>>`explain select "orders"."id" from "orders"
      where strpos("orders"."search_text", 'panama') > 0 or "orders"."product_id" in (select "products"."id" from "products"
        where strpos(lower("products"."name"), 'panama') > 0)
      order by "orders"."created_at" desc, "orders"."id" desc limit 25`.execute(db);
    await sql`reset enable_seqscan`.execute(db);
    expect(plan.rows.map((row) => Object.values(row)[0]).join("\n")).toMatch(
      /Index Only Scan (Backward )?using orders_created_id_idx on orders/,
    );
  });

  it("matches %, _ and \\ only as themselves", async () => {
    await clear();
    await makeOrder({ orderNumber: "RT-PCT001", name: "Fifty % Off", email: "a_b@example.com" });
    await makeOrder({ orderNumber: "RT-PCT002", name: "Plain Name", email: "axb@example.com" });
    await makeOrder({ orderNumber: "RT-PCT003", name: "Back\\slash", email: "c@example.com" });
    expect(await numbers({ q: "%" })).toEqual(["RT-PCT001"]);
    expect(await numbers({ q: "a_b" })).toEqual(["RT-PCT001"]);
    expect(await numbers({ q: "_" })).toEqual(["RT-PCT001"]);
    expect(await numbers({ q: "k\\s" })).toEqual(["RT-PCT003"]);
    expect(await numbers({ q: "\\" })).toEqual(["RT-PCT003"]);
  });

  it("reads the page's query string leniently: unknown values off, page sizes 10/25/50/100, a NUL or 500 characters harmless", async () => {
    const q = (s: string) => pageQuery(new URLSearchParams(s));
    expect(q("")).toEqual({ page: 1, limit: 10 });
    expect(q("page=3&limit=25&status=SHIPPED&paymentStatus=SUCCEEDED&method=CARD&from=2026-11-01&to=2026-11-30&queue=to-ship")).toEqual({
      page: 3,
      limit: 25,
      status: "SHIPPED",
      paymentStatus: "SUCCEEDED",
      method: "CARD",
      from: "2026-11-01",
      to: "2026-11-30",
      queue: "to-ship",
    });
    for (const limit of ["7", "1000", "-10", "abc", "10.5", "0"]) expect(q(`limit=${limit}`).limit).toBe(10);
    for (const limit of [25, 50, 100]) expect(q(`limit=${limit}`).limit).toBe(limit);
    for (const p of ["0", "-1", "x", "1e3", "2.5"]) expect(q(`page=${p}`).page).toBe(1);
    expect(q("status=shipped&method=BITCOIN&from=2026-02-30&to=yesterday&queue=all")).toEqual({ page: 1, limit: 10 });
    const nul = q("q=%00anna%00");
    expect(nul.q).toBe("anna");
    expect((await page(nul)).rows).toEqual([]);
    const long = q(`q=${"%25_".repeat(250)}`);
    expect(long.q?.length).toBe(100);
    expect((await page(long)).pagination.total).toBe(0);
    expect(q("q=%20%20%09").q).toBeUndefined();
  });

  it("reads the API's query string strictly: an unknown filter value is a 400 naming it", () => {
    const q = (s: string) => apiQuery(new URLSearchParams(s));
    expect(q("page=abc&limit=-5")).toEqual({ page: 1, limit: 10 });
    expect(q("limit=2").limit).toBe(2);
    expect(q("limit=500").limit).toBe(100);
    expect(q("status=SHIPPED&status=").status).toBe("SHIPPED");
    let error: unknown;
    try {
      q("status=BOGUS&from=2026-13-01");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).details).toHaveProperty("status");
    expect((error as AppError).details).toHaveProperty("from");
  });
});

describe("the dashboard's counts", () => {
  it("counts today's orders in Bali time, the work queues, flagged payments and unread messages", async () => {
    await clear();
    const db = await getDb();
    // Today in Bali began at 2026-11-23T16:00Z.
    await makeOrder({ createdAt: new Date("2026-11-23T16:00:00Z") });
    await makeOrder({ createdAt: new Date("2026-11-23T15:59:00Z") });
    await makeOrder({ status: "PROCESSING", paymentStatus: "SUCCEEDED", createdAt: new Date("2026-11-24T01:00:00Z") });
    await makeOrder({
      status: "IN_PROGRESS",
      paymentStatus: "SUCCEEDED",
      deliveryOption: "LION_PARCEL",
      createdAt: new Date("2026-11-20T00:00:00Z"),
    });
    const hour = 3_600_000;
    const day = 24 * hour;
    const cash = (age: number) =>
      makeOrder({
        paymentMethod: "CASH_IN_STORE",
        paymentStatus: "AWAITING_PREPAYMENT",
        deliveryOption: "PICKUP",
        createdAt: new Date(now.getTime() - age),
      });
    // It is Tuesday, 10 am in Bali. A deadline is 7 days after placing, at the workshop's closing time (5 pm).
    await cash(4 * day); // due on Friday at 5 pm: not yet
    await cash(5 * day + 60_000); // its 7 days end on Thursday at 9:59 am, but it may be paid until 5 pm (55 h): not yet
    const expiring = await cash(5 * day + 17 * hour); // due on Wednesday at 5 pm, 31 h away
    const overdue = await cash(7 * day + 17 * hour + 60_000); // was due yesterday at 5 pm, waits for the sweep
    const flaggedOrder = await makeOrder({ status: "CANCELLED", paymentStatus: "FAILED", createdAt: new Date("2026-11-10T00:00:00Z") });
    const refundedOrder = await makeOrder({ status: "CANCELLED", paymentStatus: "FAILED", createdAt: new Date("2026-11-10T00:00:00Z") });
    const notedOrder = await makeOrder({ status: "CANCELLED", paymentStatus: "FAILED", createdAt: new Date("2026-11-10T00:00:00Z") });
    const attempt = async (orderId: string) => {
      const row = await db
        .insertInto("paymentAttempts")
        .values({
          orderId,
          attempt: 1,
          method: "BCA",
          channelCode: "BCA_VIRTUAL_ACCOUNT",
          amount: 3_607_120,
          currency: "IDR",
          status: "SUCCEEDED",
          flag: "paid after the order was cancelled",
          updatedAt: new Date("2026-11-11T00:00:00Z"),
        })
        .returning("id")
        .executeTakeFirst();
      return row!.id;
    };
    await attempt(flaggedOrder);
    const refunded = await attempt(refundedOrder);
    await db
      .insertInto("refunds")
      .values({
        orderId: refundedOrder,
        paymentAttemptId: refunded,
        amount: 3_607_120,
        currency: "IDR",
        amountUsdCents: 21_500,
        status: "PENDING",
        reason: "paid after cancel",
      })
      .execute();
    await attempt(notedOrder);
    await db
      .insertInto("orderNotes")
      .values({
        orderId: notedOrder,
        author: "owner@workshop.test",
        text: "Paid back in cash",
        createdAt: new Date("2026-11-12T00:00:00Z"),
      })
      .execute();
    await db
      .insertInto("contactMessages")
      .values([
        { name: "A", email: "a@example.com", subject: "Hi", message: "Hello", locale: "en" },
        { name: "B", email: "b@example.com", subject: "Hi", message: "Hello", locale: "en", readAt: new Date() },
      ])
      .execute();

    const counts = await dashboardCounts(now);
    expect(counts).toEqual({
      today: "2026-11-24",
      newToday: 2,
      "awaiting-payment": 6, // two plain orders of today's and yesterday's, four cash orders
      "to-make": 2,
      "to-ship": 1,
      "cash-expiring": 2,
      flagged: 1,
      unreadMessages: 1,
      newCustomOrders: 0,
    });
    // Each count is the total of the list it links to.
    for (const queue of ["awaiting-payment", "to-make", "to-ship", "cash-expiring", "flagged"] as const)
      expect((await page({ queue })).pagination.total, queue).toBe(counts[queue]);
    expect((await page({ queue: "cash-expiring" })).rows.map((r) => r.id).sort()).toEqual([expiring, overdue].sort());
    expect((await page({ queue: "flagged" })).rows.map((r) => r.id)).toEqual([flaggedOrder]);
    expect((await page({ from: counts.today, to: counts.today })).pagination.total).toBe(counts.newToday);
  });
});

describe("the CSV export", () => {
  const read = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

  it("writes every matching order (not one page) with a BOM, headers, Bali dates and no formulas", async () => {
    await clear();
    await makeOrder({
      orderNumber: "RT-CSV001",
      name: '=HYPERLINK("http://evil")',
      email: "+1@example.com",
      createdAt: new Date("2026-11-23T16:30:00Z"),
    });
    await makeOrder({
      orderNumber: "RT-CSV002",
      name: 'Ольга, "Смирнова"',
      email: "olga@mail.ru",
      color: "@black",
      createdAt: new Date("2026-11-20T00:00:00Z"),
    });
    await makeOrder({ orderNumber: "RT-CSV003", name: "-2+3", status: "SHIPPED", createdAt: new Date("2026-11-19T00:00:00Z") });
    const bytes = await read(await ordersCsv({ page: 2, limit: 1, status: undefined }, "en", now));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trim().split("\n");
    expect(lines[0]).toBe(
      "Order number,Date (Bali time),Status,Payment status,Payment method,Product,Size (cm),Colour,Total (USD),Total (IDR),Customer,E-mail,Phone,Country,Delivery,Refunds,Refunded (USD),Refunded (IDR),Returned (Bali time)",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      `RT-CSV001,2026-11-24 00:30,Pending,Payment pending,BCA Virtual Account,Ubud Sun Fedora,57,Natural,215.00,3607120,"'=HYPERLINK(""http://evil"")",'+1@example.com,'+62 811 000,Indonesia,DHL International Express,,,,`,
    );
    expect(lines[2]).toContain(`'@black`);
    expect(lines[2]).toContain(`"Ольга, ""Смирнова"""`);
    expect(lines[3]).toContain(`,'-2+3,`);
    const shipped = new TextDecoder().decode(await read(await ordersCsv({ page: 1, limit: 10, status: "SHIPPED" }, "ru", now)));
    expect(shipped.trim().split("\n")).toHaveLength(2);
    expect(shipped).toContain("Номер заказа");
    expect(shipped).toContain(",Отправлен,");
    // Codes are named in the reader's language: the payment method, the country, the delivery.
    expect(shipped).toContain(",Виртуальный счёт BCA,");
    expect(shipped).toContain(",Индонезия,DHL International Express");
    expect(shipped).not.toMatch(/,(BCA|DHL|PICKUP|LION_PARCEL|CASH_IN_STORE)(,|\n)/);
    expect(exportFileName(now)).toBe("orders-2026-11-24.csv");
  });

  it("reads a large selection in batches without losing or repeating a row", async () => {
    await clear();
    const db = await getDb();
    // 2,500 orders, many sharing an instant down to the microsecond.
    await sql
      .raw(`insert into orders (order_number, access_token, status, payment_status, payment_method, product_id, product_name,
      price_cents, shipping_address, delivery_option, delivery_cost_cents, total_cents, usd_to_idr_rate, total_idr, locale, created_at)
      select 'RT-BULK' || i, 'bulk-token-' || i, 'PENDING', 'PENDING', 'BCA', 1, 'Hat', 100, '{"fullName":"Bulk","email":"b@example.com"}',
      'DHL', 0, 100, '16777.30', 16777, 'en', timestamptz '2026-11-01 00:00:00.123456+00' + (i / 7) * interval '1 microsecond'
      from generate_series(1, 2500) as i`)
      .execute(db);
    const seen = new Set<string>();
    const batches = allMatchingOrders({ page: 1, limit: 10 }, now);
    let step = await batches.next();
    while (!step.done) {
      for (const row of step.value) seen.add(row.id);
      step = await batches.next();
    }
    expect(step.value).toBe(false);
    expect(seen.size).toBe(2500);
  });
});
