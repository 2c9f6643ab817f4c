import { orderDetailAnswer, orderMailAnswer } from "@workshop/domain/staff-api/order.ts";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json } from "#server/db/json.ts";
import type { OrdersTable } from "#server/db/types.ts";
import { startSession } from "#server/staff/sessions.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

// Read by the first config() call, which comes after these lines.
const SHOP = "https://shop.example";
const CONSOLE = "https://admin.shop.example";
process.env.PUBLIC_URL = SHOP;
process.env.ADMIN_URL = CONSOLE;

let test: TestApp;
let app: FastifyInstance;
type Browser = { cookie: string; token: string };
let owner: Browser;
let staff: Browser;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function browserOf(email: string, name: string, role: "owner" | "staff"): Promise<Browser> {
  const { id } = await test.database.db
    .insertInto("staffAccounts")
    .values({ email, name, role, passwordHash: "not used here" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: session, formToken } = await startSession(id, { ip: "127.0.0.1", userAgent: "test" });
  return { cookie: `__Host-staff=${session}`, token: formToken };
}

let serial = 0;
/** A cash-in-store order awaiting its prepayment, to be shipped by DHL (or other columns, e.g. a custom hat's). */
async function cashOrder(columns: Partial<Insertable<OrdersTable>> = {}): Promise<string> {
  serial += 1;
  const row = await test.database.db
    .insertInto("orders")
    .values({
      orderNumber: `RT-D${String(serial).padStart(5, "0")}`,
      accessToken: `console-order-${serial}-${"x".repeat(20)}`,
      status: "PENDING",
      paymentStatus: "AWAITING_PREPAYMENT",
      paymentMethod: "CASH_IN_STORE",
      productId: 1,
      productName: "Ubud Sun Fedora",
      size: 57,
      color: "Natural",
      priceCents: 12_000,
      shippingAddress: json({
        fullName: "Made Wirawan",
        email: "made@example.com",
        phone: "+62 812 3456 789",
        addressLine1: "Jl. Raya Ubud 10",
        city: "Ubud",
        state: "Bali",
        postalCode: "80571",
        country: "Indonesia",
      }),
      deliveryOption: "DHL",
      deliveryCostCents: 0,
      totalCents: 12_000,
      usdToIdrRate: "16777.30",
      totalIdr: 1_200_000,
      locale: "en",
      ...columns,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  owner = await browserOf("made@workshop.test", "Made Wirawan", "owner");
  staff = await browserOf("ketut@workshop.test", "Ketut Sari", "staff");
});
afterAll(() => test?.close());

/** A custom hat's order with its deposit paid ($40 of $100 and the $30 delivery). */
const depositPaid = () =>
  cashOrder({
    paymentMethod: "BCA",
    paymentStatus: "DEPOSIT_PAID",
    status: "IN_PROGRESS",
    productId: null,
    productName: "Custom panama",
    priceCents: 10_000,
    deliveryCostCents: 3_000,
    totalCents: 13_000,
    totalIdr: 2_181_049,
    depositCents: 4_000,
    depositIdr: 671_092,
  });

/** A call from the console: its origin, the cookie and (unless `token: null`) the CSRF token. */
const call = (
  url: string,
  { as, body, method = "GET", token }: { as?: Browser; body?: unknown; method?: InjectOptions["method"]; token?: string | null } = {},
) =>
  app.inject({
    method,
    url,
    headers: {
      origin: CONSOLE,
      ...(as ? { cookie: as.cookie } : {}),
      ...(as && token !== null ? { "x-csrf-token": token ?? as.token } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

const orderRow = async (id: string) => test.database.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const notesOf = async (id: string) => test.database.db.selectFrom("orderNotes").selectAll().where("orderId", "=", id).execute();
const shipped = { next: "SHIPPED", carrier: "DHL", trackingNumber: "JD0141 2345" };

describe("the console's order page (/api/admin/orders/:id)", () => {
  it("is 401 for a stranger and 404 for an unknown or malformed id, on every endpoint", async () => {
    const endpoints: [string, InjectOptions["method"], unknown?][] = [
      ["", "GET"],
      ["/mark-paid", "POST"],
      ["/status", "POST", shipped],
      ["/notes", "POST", { text: "Hi" }],
      ["/emails", "POST", { subject: "Hi", text: "Hello", nonce: "n".repeat(20) }],
    ];
    for (const [path, method, body] of endpoints) {
      const stranger = await call(`/api/admin/orders/${UNKNOWN}${path}`, { method, body });
      expect([path, stranger.statusCode]).toEqual([path, 401]);
      for (const id of [UNKNOWN, "not-an-order"]) {
        const unknown = await call(`/api/admin/orders/${id}${path}`, { method, body, as: staff });
        expect([path, id, unknown.statusCode, unknown.json().error]).toEqual([path, id, 404, "Order not found"]);
      }
    }
  });

  it("shows the order with its history, notes, allowed moves and the ready e-mails", async () => {
    const id = await cashOrder();
    const answer = await call(`/api/admin/orders/${id}`, { as: staff });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const view = orderDetailAnswer.parse(answer.json());
    expect(view.order).toMatchObject({ id, status: "PENDING", paymentStatus: "AWAITING_PREPAYMENT", carrier: null });
    expect(view.can).toEqual({ markPaid: true, balance: false, moves: expect.not.arrayContaining(["SHIPPED"]), adjust: false });
    expect(view.parts).toBeNull();
    // Not paid yet: no making.
    expect(view.making).toBeNull();
    expect(view.templates.map((t) => t.id)).toEqual(["being-made", "ready-for-pickup", "question"]);
    expect(view.templates[0]!.subject).toContain(view.order.orderNumber);
    expect(view.templates[1]!.text).toContain("during opening hours: Monday - Saturday, 9am - 5pm; Sunday: closed.");
  });

  it("marks a cash order paid, ships it with carrier and tracking, and keeps a note, each in the history", async () => {
    const id = await cashOrder();
    const paid = await call(`/api/admin/orders/${id}/mark-paid`, { method: "POST", as: staff });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(orderDetailAnswer.parse(paid.json()).order).toMatchObject({ status: "PROCESSING", paymentStatus: "SUCCEEDED" });
    const again = await call(`/api/admin/orders/${id}/mark-paid`, { method: "POST", as: staff });
    expect([again.statusCode, again.json().details]).toEqual([409, { code: "already-paid" }]);

    const making = await call(`/api/admin/orders/${id}/status`, { method: "POST", as: staff, body: { next: "IN_PROGRESS" } });
    expect(orderDetailAnswer.parse(making.json()).can.moves).toContain("SHIPPED");
    const moved = await call(`/api/admin/orders/${id}/status`, {
      method: "POST",
      as: staff,
      body: { ...shipped, expected: "IN_PROGRESS" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const view = orderDetailAnswer.parse(moved.json());
    expect(view.order).toMatchObject({ status: "SHIPPED", carrier: "DHL", trackingNumber: "JD0141 2345" });
    expect(view.order.trackingUrl).toContain("dhl.com");
    expect(view.history.map((e) => e.status)).toEqual(["PROCESSING", "IN_PROGRESS", "SHIPPED"]);
    // People by their names, never by their e-mails: the history's lines and the changes.
    expect(view.history.map((e) => e.reason)).toEqual([
      "marked paid in the workshop by Ketut Sari",
      "status changed by Ketut Sari",
      "shipped with DHL, tracking JD0141 2345 (Ketut Sari)",
    ]);
    expect(view.changes.map((c) => c.actor)).toEqual(["Ketut Sari", "Ketut Sari", "Ketut Sari"]);
    expect(view.changes[0]!.fields).toEqual([
      { field: "status", before: "IN_PROGRESS", after: "SHIPPED" },
      { field: "carrier", before: null, after: "DHL" },
      { field: "trackingNumber", before: null, after: "JD0141 2345" },
    ]);

    const noted = await call(`/api/admin/orders/${id}/notes`, { method: "POST", as: staff, body: { text: "  Wrapped in batik.  " } });
    expect(noted.statusCode, noted.body).toBe(201);
    expect(orderDetailAnswer.parse(noted.json()).notes).toMatchObject([{ author: "Ketut Sari", text: "Wrapped in batik." }]);
  });

  it("refuses a move the order does not allow (409 with its code) and a stale form", async () => {
    const id = await cashOrder();
    const unpaid = await call(`/api/admin/orders/${id}/status`, { method: "POST", as: staff, body: { next: "PROCESSING" } });
    expect([unpaid.statusCode, unpaid.json().details]).toEqual([409, { code: "not-paid" }]);
    const stale = await call(`/api/admin/orders/${id}/status`, {
      method: "POST",
      as: staff,
      body: { next: "CANCELLED", reason: "No show", expected: "NEW" },
    });
    expect([stale.statusCode, stale.json().details]).toEqual([409, { code: "stale" }]);
    expect((await orderRow(id)).status).toBe("PENDING");
  });

  it("is 400 naming each wrong field, and changes nothing", async () => {
    const id = await cashOrder();
    await call(`/api/admin/orders/${id}/mark-paid`, { method: "POST", as: staff });
    const noShipment = await call(`/api/admin/orders/${id}/status`, { method: "POST", as: staff, body: { next: "SHIPPED" } });
    expect([noShipment.statusCode, noShipment.json().details]).toEqual([400, { carrier: "required", trackingNumber: "required" }]);
    const unknown = await call(`/api/admin/orders/${id}/status`, { method: "POST", as: staff, body: { next: "LOST" } });
    expect([unknown.statusCode, Object.keys(unknown.json().details)]).toEqual([400, ["next"]]);
    const note = await call(`/api/admin/orders/${id}/notes`, { method: "POST", as: staff, body: { text: "   " } });
    expect([note.statusCode, note.json().details]).toEqual([400, { text: "required" }]);
    const mail = await call(`/api/admin/orders/${id}/emails`, { method: "POST", as: staff, body: { nonce: "short" } });
    expect([mail.statusCode, mail.json().details]).toEqual([400, { subject: "required", text: "required", nonce: "expired" }]);
    expect(await orderRow(id)).toMatchObject({ status: "PROCESSING", carrier: null });
    expect(await notesOf(id)).toEqual([]);
  });

  it("sends one e-mail per form (its nonce)", async () => {
    const id = await cashOrder();
    const body = { subject: "Your hat", text: "It is being woven.", nonce: "a".repeat(24) };
    const first = await call(`/api/admin/orders/${id}/emails`, { method: "POST", as: staff, body });
    expect([first.statusCode, first.json()]).toEqual([201, { sent: true }]);
    const second = await call(`/api/admin/orders/${id}/emails`, { method: "POST", as: staff, body });
    expect([second.statusCode, second.json()]).toEqual([200, { sent: false }]);
    const mails = await test.database.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("orderId", "=", id)
      .where("template", "=", "staff-message")
      .execute();
    expect(mails).toHaveLength(1);
  });

  it("refuses every write without the CSRF token (403) and changes nothing", async () => {
    const id = await cashOrder();
    const writes: [string, unknown?][] = [
      ["/mark-paid"],
      ["/status", { next: "CANCELLED", reason: "No show" }],
      ["/notes", { text: "Hi" }],
    ];
    for (const [path, body] of writes) {
      const refused = await call(`/api/admin/orders/${id}${path}`, { method: "POST", as: staff, body, token: null });
      expect([path, refused.statusCode, refused.json().error]).toEqual([path, 403, "Missing or wrong CSRF token: reload the page"]);
    }
    expect(await orderRow(id)).toMatchObject({ status: "PENDING", paymentStatus: "AWAITING_PREPAYMENT" });
    expect(await notesOf(id)).toEqual([]);
  });

  it("keeps refunds to owners: staff get 403 on the refunds endpoints", async () => {
    const id = await cashOrder();
    const list = await call(`/api/orders/${id}/refunds`, { as: staff });
    expect(list.statusCode).toBe(403);
    const start = await call(`/api/orders/${id}/refunds`, {
      method: "POST",
      as: staff,
      body: { paymentAttemptId: UNKNOWN, reason: "OTHERS" },
    });
    expect(start.statusCode).toBe(403);
    const ownerList = await call(`/api/orders/${id}/refunds`, { as: owner });
    expect([ownerList.statusCode, ownerList.json().payments]).toEqual([200, []]);
    expect((await call(`/api/orders/${UNKNOWN}/refunds`, { as: owner })).statusCode).toBe(404);
    const noToken = await call(`/api/orders/${id}/refunds`, {
      method: "POST",
      as: owner,
      token: null,
      body: { paymentAttemptId: UNKNOWN, reason: "OTHERS" },
    });
    expect(noToken.statusCode).toBe(403);
  });
});

describe("a custom hat's balance link (POST /api/admin/orders/:id/balance-link)", () => {
  const nonce = (c: string) => c.repeat(24);
  const balanceMails = async (id: string) =>
    test.database.db.selectFrom("mailOutbox").selectAll().where("orderId", "=", id).where("template", "=", "balance-requested").execute();

  it("shows the deposit and the balance, each in USD and IDR, computed by the shop", async () => {
    const id = await depositPaid();
    const view = orderDetailAnswer.parse((await call(`/api/admin/orders/${id}`, { as: staff })).json());
    expect(view.parts).toEqual({
      deposit: { usdCents: 4_000, idr: 671_092, state: "paid" },
      balance: { usdCents: 9_000, idr: 1_509_957, state: "unpaid" },
    });
    expect(view.can.balance).toBe(true);
  });

  it("is 401 for a stranger, 404 for an unknown order, 403 without the CSRF token, and changes nothing", async () => {
    const id = await depositPaid();
    const stranger = await call(`/api/admin/orders/${id}/balance-link`, { method: "POST", body: { nonce: nonce("s") } });
    expect(stranger.statusCode).toBe(401);
    const unknown = await call(`/api/admin/orders/${UNKNOWN}/balance-link`, { method: "POST", as: staff, body: { nonce: nonce("u") } });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, "Order not found"]);
    const noToken = await call(`/api/admin/orders/${id}/balance-link`, {
      method: "POST",
      as: staff,
      token: null,
      body: { nonce: nonce("t") },
    });
    expect([noToken.statusCode, noToken.json().error]).toEqual([403, "Missing or wrong CSRF token: reload the page"]);
    const otherOrigin = await app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/balance-link`,
      headers: { origin: "https://evil.example", cookie: staff.cookie, "x-csrf-token": staff.token, "content-type": "application/json" },
      payload: JSON.stringify({ nonce: nonce("o") }),
    });
    expect(otherOrigin.statusCode).toBe(403);
    expect(await balanceMails(id)).toEqual([]);
    expect((await orderRow(id)).balanceRequestedAt).toBeNull();
  });

  it("is 400 naming the nonce, and 409 with a clear error for an order with no balance to ask for", async () => {
    const bad = await call(`/api/admin/orders/${await depositPaid()}/balance-link`, { method: "POST", as: staff, body: { nonce: "x" } });
    expect([bad.statusCode, bad.json().details]).toEqual([400, { nonce: "expired" }]);
    const missing = await call(`/api/admin/orders/${await depositPaid()}/balance-link`, { method: "POST", as: staff, body: {} });
    expect([missing.statusCode, Object.keys(missing.json().details)]).toEqual([400, ["nonce"]]);

    const cash = await cashOrder();
    const notCustom = await call(`/api/admin/orders/${cash}/balance-link`, { method: "POST", as: staff, body: { nonce: nonce("c") } });
    expect([notCustom.statusCode, notCustom.json().error, notCustom.json().details]).toEqual([
      409,
      "Only a custom hat's order is paid in two parts",
      { code: "no-balance" },
    ]);
    const unpaid = await cashOrder({ paymentMethod: "BCA", paymentStatus: "PENDING", depositCents: 4_000, depositIdr: 671_092 });
    const noDeposit = await call(`/api/admin/orders/${unpaid}/balance-link`, { method: "POST", as: staff, body: { nonce: nonce("d") } });
    expect([noDeposit.statusCode, noDeposit.json().details]).toEqual([409, { code: "not-paid" }]);
    const paid = await depositPaid();
    await test.database.db.updateTable("orders").set({ paymentStatus: "SUCCEEDED" }).where("id", "=", paid).execute();
    const done = await call(`/api/admin/orders/${paid}/balance-link`, { method: "POST", as: staff, body: { nonce: nonce("p") } });
    expect([done.statusCode, done.json().details]).toEqual([409, { code: "already-paid" }]);
    for (const id of [cash, unpaid, paid]) expect(await balanceMails(id)).toEqual([]);
  });

  it("sends the link once per click, again on a new click, with its history line, audit row and e-mail listed", async () => {
    const id = await depositPaid();
    const first = await call(`/api/admin/orders/${id}/balance-link`, { method: "POST", as: staff, body: { nonce: nonce("a") } });
    expect([first.statusCode, first.json()]).toEqual([201, { sent: true }]);
    const repeat = await call(`/api/admin/orders/${id}/balance-link`, { method: "POST", as: staff, body: { nonce: nonce("a") } });
    expect([repeat.statusCode, repeat.json()]).toEqual([200, { sent: false }]);
    expect(await balanceMails(id)).toHaveLength(1);

    const view = orderDetailAnswer.parse((await call(`/api/admin/orders/${id}`, { as: staff })).json());
    expect(view.order.balanceRequestedAt).not.toBeNull();
    expect(view.parts?.balance.state).toBe("requested");
    expect(view.can.balance).toBe(true);
    expect(view.history.at(-1)?.reason).toBe("balance payment link sent by Ketut Sari");
    expect(view.changes).toMatchObject([{ actor: "Ketut Sari", action: "order-balance-link" }]);
    expect(view.changes[0]!.changes).toContain("balanceIdr: 1509957");
    expect(view.changes[0]!.fields).toContainEqual({ field: "balanceIdr", after: 1509957 });
    const mail = view.mails.find((m) => m.template === "balance-requested");
    expect(mail).toMatchObject({ to: "made@example.com" });

    const again = await call(`/api/admin/orders/${id}/balance-link`, { method: "POST", as: staff, body: { nonce: nonce("b") } });
    expect([again.statusCode, again.json()]).toEqual([201, { sent: true }]);
    expect(await balanceMails(id)).toHaveLength(2);
  });
});

describe("an order's e-mails (GET /api/admin/orders/:id/mails/:mailId)", () => {
  it("lists each e-mail on the order and reads one by its text; 401 for a stranger, 404 for another order's", async () => {
    const id = await cashOrder();
    await call(`/api/admin/orders/${id}/emails`, {
      method: "POST",
      as: staff,
      body: { subject: "Your hat", text: "It is <b>being</b> woven.", nonce: "m".repeat(24) },
    });
    const view = orderDetailAnswer.parse((await call(`/api/admin/orders/${id}`, { as: staff })).json());
    const listed = view.mails.find((m) => m.template === "staff-message");
    expect(listed).toMatchObject({ subject: "Your hat", to: "made@example.com" });
    expect(view.changes).toMatchObject([{ action: "order-email", actor: "Ketut Sari" }]);

    const read = await call(`/api/admin/orders/${id}/mails/${listed!.id}`, { as: staff });
    expect(read.statusCode, read.body).toBe(200);
    const mail = orderMailAnswer.parse(read.json());
    expect(mail).toMatchObject({ orderId: id, orderNumber: view.order.orderNumber, subject: "Your hat", locale: "en" });
    expect(mail.text).toContain("It is <b>being</b> woven.");
    expect(read.json()).not.toHaveProperty("html");

    expect((await call(`/api/admin/orders/${id}/mails/${listed!.id}`)).statusCode).toBe(401);
    const other = await cashOrder();
    for (const path of [`${other}/mails/${listed!.id}`, `${id}/mails/999999`, `${id}/mails/x`]) {
      const missing = await call(`/api/admin/orders/${path}`, { as: staff });
      expect([path, missing.statusCode, missing.json().error]).toEqual([path, 404, "E-mail not found"]);
    }
  });
});

describe("the console's CSV (/api/admin/orders.csv)", () => {
  it("is 401 for a stranger, and names statuses in the reader's language", async () => {
    expect((await call("/api/admin/orders.csv")).statusCode).toBe(401);
    await cashOrder();
    const answer = await call("/api/admin/orders.csv?q=RT-D", { as: staff });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = answer.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toMatch(/^Order number,/);
    expect(lines.slice(1).every((line) => /,(Pending|Processing|In progress|Shipped|Cancelled),/.test(line))).toBe(true);
    expect(lines.slice(1).some((line) => line.includes("AWAITING_PREPAYMENT"))).toBe(false);
    // The payment method and the delivery by name too.
    expect(lines.slice(1).some((line) => line.includes(",Cash in store,") && line.includes(",DHL International Express"))).toBe(true);
    expect(lines.slice(1).some((line) => /,(CASH_IN_STORE|DHL|LION_PARCEL|PICKUP)(,|$)/.test(line))).toBe(false);
    expect((await call("/api/admin/orders.csv?status=LOST", { as: staff })).statusCode).toBe(400);
  });
});
