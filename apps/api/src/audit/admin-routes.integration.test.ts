import { auditListAnswer } from "@workshop/domain/staff-api/audit.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "#server/staff/sessions.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { recordAudit } from "./log.ts";

let test: TestApp;
let app: FastifyInstance;
let owner: string;
let staff: string;
let ownerId: number;
let productId: number;

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  const db = test.database.db;
  const make = (email: string, name: string, role: string) =>
    db.insertInto("staffAccounts").values({ email, name, role, passwordHash: "not used here" }).returning("id").executeTakeFirstOrThrow();
  ownerId = (await make("made@workshop.test", "Made Wirawan", "owner")).id;
  const staffId = (await make("ketut@workshop.test", "Ketut", "staff")).id;
  owner = `staff=${(await startSession(ownerId, { ip: "127.0.0.1", userAgent: "test" })).id}`;
  staff = `staff=${(await startSession(staffId, { ip: "127.0.0.1", userAgent: "test" })).id}`;
  productId = (
    await db.insertInto("products").values({ name: "Ubud Sun Fedora", priceCents: 12_000 }).returning("id").executeTakeFirstOrThrow()
  ).id;
  const actor = { staffId: ownerId, label: "made@workshop.test", role: "owner" as const, ip: "198.51.100.7" };
  await recordAudit({ actor, action: "staff-created", recordType: "staff", recordId: staffId, after: { email: "ketut@workshop.test" } });
  await recordAudit({
    actor,
    action: "product-updated",
    recordType: "product",
    recordId: productId,
    before: { price: 100 },
    after: { price: 120 },
  });
  // A product since deleted: named by what its row kept.
  await recordAudit({ actor, action: "product-deleted", recordType: "product", recordId: 987_654, before: { name: "Old Trilby" } });
  // By an account since gone: named by the e-mail its row kept.
  const gone = { staffId: null, label: "wayan@workshop.test", role: "staff" as const, ip: null };
  await recordAudit({
    actor: gone,
    action: "order-status",
    recordType: "order",
    recordId: "not-an-order",
    before: { status: "PROCESSING" },
    after: { status: "SHIPPED" },
  });
});
afterAll(() => test?.close());

const get = (query: string, cookie?: string) => app.inject({ url: `/api/admin/audit${query}`, headers: cookie ? { cookie } : {} });

describe("GET /api/admin/audit", () => {
  it("is 401 for a stranger and 403 for staff, before any 400", async () => {
    expect((await get("?kind=nonsense")).statusCode).toBe(401);
    const refused = await get("?kind=nonsense", staff);
    expect([refused.statusCode, refused.json().details]).toEqual([403, { problem: "ownersOnly" }]);
  });

  it("answers a page of the log, newest first, each record named, never a bare id", async () => {
    const answer = await get("", owner);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const list = auditListAnswer.parse(answer.json());
    expect(list).toMatchObject({ page: 1, size: 50, total: 4, pages: 1 });
    expect(list.rows.map((r) => [r.action, r.record?.name])).toEqual([
      ["order-status", null],
      ["product-deleted", "Old Trilby"],
      ["product-updated", "Ubud Sun Fedora"],
      ["staff-created", "Ketut"],
    ]);
    expect(list.rows[2]!.changes).toEqual(["price: 100 → 120"]);
    expect(list.people).toEqual([{ staffId: ownerId, label: "Made Wirawan" }]);
  });

  it("names people by their names (an e-mail only for an account that is gone), and gives each change field by field", async () => {
    const list = auditListAnswer.parse((await get("", owner)).json());
    expect(list.rows.map((r) => r.actor)).toEqual(["wayan@workshop.test", "Made Wirawan", "Made Wirawan", "Made Wirawan"]);
    expect(list.rows.map((r) => r.fields)).toEqual([
      [{ field: "status", before: "PROCESSING", after: "SHIPPED" }],
      [{ field: "name", before: "Old Trilby" }],
      [{ field: "price", before: 100, after: 120 }],
      [{ field: "email", after: "ketut@workshop.test" }],
    ]);
  });

  it("filters, sorts and pages as the address says", async () => {
    const one = auditListAnswer.parse((await get(`?type=product&record=${productId}`, owner)).json());
    expect(one.rows.map((r) => r.action)).toEqual(["product-updated"]);
    const oldest = auditListAnswer.parse((await get("?sort=createdAt&size=25&page=2", owner)).json());
    expect([oldest.rows.length, oldest.size, oldest.page]).toEqual([0, 25, 2]);
    const kind = auditListAnswer.parse((await get(`?kind=staff-created&person=${ownerId}`, owner)).json());
    expect(kind.total).toBe(1);
  });

  it("names each parameter it does not know (400)", async () => {
    const answer = await get("?kind=lost&size=7&type=cat", owner);
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json().details).sort()).toEqual(["kind", "size", "type"]);
  });
});
