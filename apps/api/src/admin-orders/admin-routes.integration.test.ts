import { workshopToday } from "@workshop/domain/admin-date.ts";
import { dashboardAnswer, type OrderListAnswer, orderListAnswer } from "@workshop/domain/staff-api.ts";
import type { FastifyInstance } from "fastify";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json } from "#server/db/json.ts";
import type { Database } from "#server/db/types.ts";
import { startSession } from "#server/staff/sessions.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

const MACHINE = "console-tests-staff-token-0123456789";
process.env.ADMIN_API_TOKEN = MACHINE;

let test: TestApp;
let app: FastifyInstance;
let cookie: string;
const machine = { authorization: `Bearer ${MACHINE}` };

type Made = { number: string; createdAt: Date; totalCents: number };
const made: Made[] = [];

/** 30 orders, one a day back from 2 Nov 2026 (Bali noon), with totals that repeat (ties are ordered by id). */
async function makeOrders() {
  const cash = { paymentMethod: "CASH_IN_STORE", paymentStatus: "AWAITING_PREPAYMENT", deliveryOption: "PICKUP" };
  for (let i = 1; i <= 30; i++) {
    const createdAt = new Date(Date.UTC(2026, 10, 2 - i, 4));
    const totalCents = [12_000, 8_000, 25_000, 8_000, 40_000][i % 5]!;
    const columns: Partial<Insertable<Database["orders"]>> =
      i % 10 === 0 ? cash : i % 7 === 0 ? { status: "PROCESSING", paymentStatus: "SUCCEEDED", paymentMethod: "DANA" } : {};
    const number = `RT-C${String(i).padStart(5, "0")}`;
    await test.database.db
      .insertInto("orders")
      .values({
        orderNumber: number,
        accessToken: `console-${i}-${"x".repeat(20)}`,
        status: "PENDING",
        paymentStatus: "PENDING",
        paymentMethod: "BCA",
        productId: 1,
        productName: "Ubud Sun Fedora",
        size: 57,
        color: "Natural",
        priceCents: totalCents,
        shippingAddress: json({
          fullName: i === 13 ? "Wayan Lucky" : `Customer ${i}`,
          email: `customer${i}@example.com`,
          phone: "+62 811 000",
          addressLine1: "Jl. Test 1",
          city: "Ubud",
          state: "Bali",
          postalCode: "80571",
          country: "Indonesia",
        }),
        deliveryOption: "DHL",
        deliveryCostCents: 0,
        totalCents,
        usdToIdrRate: "16777.30",
        totalIdr: totalCents * 100,
        locale: "en",
        createdAt,
        ...columns,
      })
      .execute();
    made.push({ number, createdAt, totalCents });
  }
}

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  const account = await test.database.db
    .insertInto("staffAccounts")
    .values({ email: "putu@workshop.test", name: "Putu", role: "staff", passwordHash: "not used here" })
    .returning("id")
    .executeTakeFirstOrThrow();
  cookie = `staff=${(await startSession(account.id, { ip: "127.0.0.1", userAgent: "test" })).id}`;
  await makeOrders();
});
afterAll(() => test?.close());

const list = (query: string, headers: Record<string, string> = { cookie }) => app.inject({ url: `/api/admin/orders${query}`, headers });
async function page(query: string): Promise<OrderListAnswer> {
  const answer = await list(query);
  expect(answer.statusCode, answer.body).toBe(200);
  return orderListAnswer.strict().parse(answer.json());
}
const numbersOf = async (query: string) => (await page(query)).rows.map((r) => r.orderNumber);

/** The orders sorted as a sort should: by its key, then by id the same way (ids are random, so only the key order is checked across ties). */
const byTotal = (direction: 1 | -1) => [...made].sort((a, b) => direction * (a.totalCents - b.totalCents)).map((m) => m.totalCents);

describe("GET /api/admin/orders", () => {
  it("is 401 for a stranger, whatever the query (no 400 telling what the list takes)", async () => {
    for (const query of ["", "?status=BOGUS", "?size=7"]) {
      const answer = await list(query, {});
      expect([answer.statusCode, answer.json()]).toEqual([401, { error: "Sign in as staff, or send a valid staff token" }]);
    }
  });

  it("answers the newest 25 by default, rows as the contract has them, never kept by a cache", async () => {
    const answer = await list("");
    expect(answer.headers["cache-control"]).toBe("no-store");
    const body = orderListAnswer.parse(answer.json());
    expect([body.page, body.size, body.total, body.pages]).toEqual([1, 25, 30, 2]);
    expect(body.rows.map((r) => r.orderNumber)).toEqual(made.slice(0, 25).map((m) => m.number));
    expect(body.rows[0]).toEqual({
      id: expect.any(String),
      orderNumber: "RT-C00001",
      createdAt: "2026-11-01T04:00:00.000Z",
      productName: "Ubud Sun Fedora",
      size: 57,
      color: "Natural",
      totalCents: 8_000,
      totalIdr: 800_000,
      status: "PENDING",
      paymentStatus: "PENDING",
      paymentMethod: "BCA",
      deliveryOption: "DHL",
      customerName: "Customer 1",
      email: "customer1@example.com",
      country: "Indonesia",
      refundState: null,
      refundedCents: 0,
      refundedIdr: 0,
      returnedAt: null,
    });
  });

  it("pages by size and page; a page past the end is empty with the total", async () => {
    const second = await page("?size=10&page=2");
    expect([second.page, second.size, second.total, second.pages]).toEqual([2, 10, 30, 3]);
    expect(second.rows.map((r) => r.orderNumber)).toEqual(made.slice(10, 20).map((m) => m.number));
    const beyond = await page("?size=10&page=9");
    expect([beyond.rows, beyond.total]).toEqual([[], 30]);
    // Every order once over the pages of a sort by total (ties kept in one order by id).
    const all = (await Promise.all([1, 2, 3].map((p) => page(`?size=10&page=${p}&sort=-total`)))).flatMap((r) => r.rows);
    expect(new Set(all.map((r) => r.id)).size).toBe(30);
  });

  it("sorts oldest first, by total down and up, and newest first as asked", async () => {
    expect(await numbersOf("?size=100&sort=createdAt")).toEqual([...made].reverse().map((m) => m.number));
    expect(await numbersOf("?size=100&sort=-createdAt")).toEqual(made.map((m) => m.number));
    const down = (await page("?size=100&sort=-total")).rows;
    expect(down.map((r) => r.totalCents)).toEqual(byTotal(-1));
    const up = (await page("?size=100&sort=total")).rows;
    expect(up.map((r) => r.totalCents)).toEqual(byTotal(1));
    // Within one total, by id: descending for -total, ascending for total.
    const ids = (rows: typeof up, cents: number) => rows.filter((r) => r.totalCents === cents).map((r) => r.id);
    expect(ids(down, 8_000)).toEqual([...ids(down, 8_000)].sort().reverse());
    expect(ids(up, 8_000)).toEqual([...ids(up, 8_000)].sort());
  });

  it("filters by status, payment status, method, queue, dates and search, an empty value being none", async () => {
    expect(await numbersOf("?size=100&method=CASH_IN_STORE")).toEqual(["RT-C00010", "RT-C00020", "RT-C00030"]);
    expect(await numbersOf("?size=100&status=PROCESSING&paymentStatus=SUCCEEDED")).toEqual([
      "RT-C00007",
      "RT-C00014",
      "RT-C00021",
      "RT-C00028",
    ]);
    expect(await numbersOf("?size=100&queue=to-make&sort=createdAt")).toEqual(["RT-C00028", "RT-C00021", "RT-C00014", "RT-C00007"]);
    // Calendar days in Bali, both inclusive: the orders of 3 and 4 Oct (noon in Bali), then of 3 Oct alone.
    expect(await numbersOf("?size=100&from=2026-10-03&to=2026-10-04")).toEqual(["RT-C00029", "RT-C00030"]);
    expect(await numbersOf("?size=100&to=2026-10-03")).toEqual(["RT-C00030"]);
    expect(await numbersOf("?q=wayan%20lucky")).toEqual(["RT-C00013"]);
    expect(await numbersOf("?size=100&status=&method=&q=&sort=-createdAt")).toHaveLength(30);
  });

  it("answers 400 naming every value it does not know, with a message each", async () => {
    const wrong = await list("?status=BOGUS&method=PAYPAL&size=7&sort=price&from=2026-02-30&page=0");
    expect(wrong.statusCode).toBe(400);
    const body = wrong.json() as { error: string; details: Record<string, string> };
    expect(body.error).toMatch(/^Unknown filter value: /);
    expect(Object.keys(body.details).sort()).toEqual(["from", "method", "page", "size", "sort", "status"]);
    expect(body.error.replace("Unknown filter value: ", "").split(", ").sort()).toEqual(Object.keys(body.details).sort());
    for (const message of Object.values(body.details)) expect(message).toMatch(/\w/);
    const one = await list("?paymentStatus=PAID");
    expect([one.statusCode, one.json().error, Object.keys(one.json().details)]).toEqual([
      400,
      "Unknown filter value: paymentStatus",
      ["paymentStatus"],
    ]);
    expect((await list(`?q=${"x".repeat(101)}`)).statusCode).toBe(400);
  });

  it("takes the staff token too, and refuses a method it does not take with 405", async () => {
    expect((await list("?size=10", machine)).statusCode).toBe(200);
    const post = await app.inject({
      method: "POST",
      url: "/api/admin/orders",
      headers: { ...machine, "content-type": "application/json" },
      payload: "{}",
    });
    expect([post.statusCode, post.headers.allow]).toEqual([405, "GET"]);
  });
});

describe("GET /api/admin/dashboard", () => {
  it("is 401 for a stranger", async () => {
    const answer = await app.inject("/api/admin/dashboard");
    expect(answer.statusCode).toBe(401);
  });

  it("answers today's date in Bali, the queues' counts and the money, for a session and for the staff token", async () => {
    for (const headers of [{ cookie }, machine]) {
      const answer = await app.inject({ url: "/api/admin/dashboard", headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["cache-control"]).toBe("no-store");
      const body = dashboardAnswer.strict().parse(answer.json());
      expect(body.today).toBe(workshopToday());
      // Placed and unpaid: every order but the four paid by DANA.
      expect(body.counts["awaiting-payment"]).toBe(26);
      expect(body.counts["to-make"]).toBe(4);
      expect(body.counts.newToday).toBe(0);
      // The three cash orders, older than 7 days, are still waiting (the sweep has not run here).
      expect(body.counts["cash-expiring"]).toBe(3);
      expect(body.money.unpaidCash).toEqual({ usdCents: 3 * 12_000, idr: 3 * 1_200_000, orders: 3 });
      // The orders were made with no payment history: nothing came in.
      expect(body.money.paidThisWeek).toEqual({ usdCents: 0, idr: 0, orders: 0 });
      expect(body.money.paidThisMonth).toEqual({ usdCents: 0, idr: 0, orders: 0 });
    }
  });
});
