import { workshopDayOf } from "@workshop/domain/making-stages.ts";
import { makingBoardAnswer, orderMakingAnswer } from "@workshop/domain/staff-api/making.ts";
import { orderDetailAnswer } from "@workshop/domain/staff-api/order.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, type ConsoleCall, consoleCalls, paidOrder, signedIn } from "#test-support/console-calls.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

// Read by the first config() call, which comes after these lines.
const CONSOLE = "https://admin.shop.example";
process.env.PUBLIC_URL = "https://shop.example";
process.env.ADMIN_URL = CONSOLE;

let test: TestApp;
let app: FastifyInstance;
let call: ConsoleCall;
let owner: Browser;
let staff: Browser;
let stages: { id: number; nameEn: string }[];
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  call = consoleCalls(app, CONSOLE);
  owner = await signedIn(test.database, "made@workshop.test", "Made Wirawan", "owner");
  staff = await signedIn(test.database, "ketut@workshop.test", "Ketut Sari", "staff");
  stages = await test.database.db.selectFrom("makingStages").select(["id", "nameEn"]).orderBy("position").execute();
});
afterAll(() => test?.close());

const [WEAVING, BLOCKING, FINISHING, CHECK, READY] = [0, 1, 2, 3, 4];
const stage = (index: number) => stages[index]!.id;
const move = (orderId: string, body: object, as: Browser = staff) =>
  call(`/api/admin/orders/${orderId}/making/moves`, { as, method: "POST", body });
const forward = (orderId: string, from: number, as: Browser = staff) => move(orderId, { expected: stage(from), to: stage(from + 1) }, as);
const makingOf = async (orderId: string) =>
  orderDetailAnswer.parse((await call(`/api/admin/orders/${orderId}`, { as: staff })).json()).making;

describe("an order's making in the console", () => {
  it("is refused to strangers (401) and to a write without the session's CSRF token (403)", async () => {
    const id = await paidOrder(test.database);
    for (const [url, method, body] of [
      ["/api/admin/making/stages", "GET"],
      ["/api/admin/making/board", "GET"],
      [`/api/admin/orders/${id}/making/moves`, "POST", { expected: stage(WEAVING), to: stage(BLOCKING) }],
      [`/api/admin/orders/${id}/making/adjust`, "POST", {}],
      [`/api/admin/orders/${id}/making/photos`, "POST"],
      [`/api/admin/orders/${id}/making/photos/${"a".repeat(32)}`, "DELETE"],
      [`/api/admin/orders/${id}/making/photos/${"a".repeat(32)}/480.jpg`, "GET"],
    ] as const) {
      expect([url, (await call(url, { method, body })).statusCode]).toEqual([url, 401]);
    }
    const noToken = await move(id, { expected: stage(WEAVING), to: stage(BLOCKING) }, { ...staff, token: "" });
    expect(noToken.statusCode).toBe(403);
    const wrongToken = await call(`/api/admin/orders/${id}/making/moves`, {
      as: staff,
      method: "POST",
      token: "x".repeat(43),
      body: { expected: stage(WEAVING), to: stage(BLOCKING) },
    });
    expect(wrongToken.statusCode).toBe(403);
    expect((await makingOf(id))!.current.id).toBe(stage(WEAVING));
    for (const path of ["moves", "adjust"]) {
      const unknown = await call(`/api/admin/orders/${UNKNOWN}/making/${path}`, { as: staff, method: "POST", body: {} });
      expect([path, unknown.statusCode, unknown.json().error]).toEqual([path, 404, "Order not found"]);
    }
  });

  it("starts in Weaving when paid, and shows its stages, the estimate and what staff may do", async () => {
    const id = await paidOrder(test.database);
    const making = (await makingOf(id))!;
    expect(making).toMatchObject({
      orderId: id,
      reason: "made-to-order",
      endedAt: null,
      current: { id: stage(WEAVING), nameEn: "Weaving", nameRu: "Плетение", workingDays: 0, calendarDays: 0 },
      estimate: { promisedDeliveryDay: null, late: false },
      events: [{ direction: "start", from: null, to: { nameEn: "Weaving" }, actor: "system", photos: [] }],
      waitingPhotos: [],
      stageMailsStopped: false,
      can: { forward: { id: stage(BLOCKING), nameEn: "Blocking" }, back: [] },
    });
    expect(making.stages.map((s) => [s.nameEn, s.state, s.usualDays])).toEqual([
      ["Weaving", "current", 6],
      ["Blocking", "next", 2],
      ["Finishing", "next", 1],
      ["Quality check", "next", 1],
      ["Ready", "next", 0],
    ]);
    expect(making.estimate.readyDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(making.estimate.deliveryDay! > making.estimate.readyDay!).toBe(true);
  });

  it("moves on stage by stage to Ready, which ends the making and leaves the order's status as it was; each move audited", async () => {
    const id = await paidOrder(test.database);
    for (const from of [WEAVING, BLOCKING, FINISHING, CHECK]) {
      const moved = await forward(id, from);
      expect(moved.statusCode, moved.body).toBe(200);
      const answer = orderMakingAnswer.parse(moved.json());
      expect(answer.current.id).toBe(stage(from + 1));
      expect(answer.events.at(-1)).toMatchObject({
        direction: "forward",
        from: { id: stage(from) },
        to: { id: stage(from + 1) },
        actor: "Ketut Sari",
      });
    }
    const ready = (await makingOf(id))!;
    expect(ready.endedAt).not.toBeNull();
    expect(ready.can.forward).toBeNull();
    expect(ready.stages.map((s) => s.state)).toEqual(["done", "done", "done", "done", "current"]);
    expect(ready.stages.every((s) => s.reachedAt !== null)).toBe(true);
    expect(ready.estimate.readyDay).toBe(workshopDayOf(new Date(ready.endedAt!)));
    const order = await test.database.db
      .selectFrom("orders")
      .select(["status", "paymentStatus"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "PROCESSING", paymentStatus: "SUCCEEDED" });
    const audit = await test.database.db
      .selectFrom("auditLog")
      .select(["action", "actor", "before", "after"])
      .where("recordId", "=", id)
      .where("action", "=", "order-making-stage")
      .orderBy("id")
      .execute();
    expect(audit).toHaveLength(4);
    expect(audit[0]).toMatchObject({
      actor: "ketut@workshop.test",
      before: { stage: "Weaving" },
      after: { stage: "Blocking", direction: "forward" },
    });
    const detail = orderDetailAnswer.parse((await call(`/api/admin/orders/${id}`, { as: owner })).json());
    expect(detail.changes.filter((c) => c.action === "order-making-stage")).toHaveLength(4);
    // Ready is the end: on from there is refused, back is allowed.
    const again = await move(id, { expected: stage(READY), to: stage(READY) });
    expect([again.statusCode, again.json().details.code]).toEqual([409, "ended"]);
  });

  it("goes back only with a reason, with the notes for the customer; a ready hat goes back into the making", async () => {
    const id = await paidOrder(test.database);
    await forward(id, WEAVING);
    const noReason = await move(id, { expected: stage(BLOCKING), to: stage(WEAVING) });
    expect([noReason.statusCode, noReason.json().details]).toEqual([400, { reason: "required" }]);
    const blank = await move(id, { expected: stage(BLOCKING), to: stage(WEAVING), reason: "  " });
    expect(blank.statusCode).toBe(400);
    const back = await move(id, {
      expected: stage(BLOCKING),
      to: stage(WEAVING),
      reason: "The brim came out uneven",
      noteEn: "We are weaving the brim again, to be sure it is perfect.",
      noteRu: "Мы переплетаем поля, чтобы всё было идеально.",
      tellCustomer: true,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(orderMakingAnswer.parse(back.json()).events.at(-1)).toMatchObject({
      direction: "back",
      reason: "The brim came out uneven",
      noteEn: "We are weaving the brim again, to be sure it is perfect.",
      noteRu: "Мы переплетаем поля, чтобы всё было идеально.",
      tellCustomer: true,
    });
    for (const from of [WEAVING, BLOCKING, FINISHING, CHECK]) expect((await forward(id, from)).statusCode).toBe(200);
    const reopened = await move(id, { expected: stage(READY), to: stage(CHECK), reason: "A loose thread on the band" });
    expect(reopened.statusCode).toBe(200);
    expect(orderMakingAnswer.parse(reopened.json())).toMatchObject({ endedAt: null, current: { id: stage(CHECK) } });
  });

  it("refuses any other move: two stages on, the same stage, a stage not on the list, a wrong body", async () => {
    const id = await paidOrder(test.database);
    const skip = await move(id, { expected: stage(WEAVING), to: stage(FINISHING) });
    expect([skip.statusCode, skip.json().details]).toEqual([400, { to: "next" }]);
    const same = await move(id, { expected: stage(WEAVING), to: stage(WEAVING) });
    expect([same.statusCode, same.json().details]).toEqual([400, { to: "same" }]);
    const unknown = await move(id, { expected: stage(WEAVING), to: 999_999 });
    expect([unknown.statusCode, unknown.json().details]).toEqual([400, { to: "stage" }]);
    const noExpected = await move(id, { to: stage(BLOCKING) });
    expect([noExpected.statusCode, noExpected.json().error, noExpected.json().details.expected]).toEqual([
      400,
      "Check the stage change",
      "required",
    ]);
    const tooLong = await move(id, { expected: stage(WEAVING), to: stage(BLOCKING), noteEn: "x".repeat(2001) });
    expect([tooLong.statusCode, tooLong.json().details]).toEqual([400, { noteEn: "tooLong" }]);
    expect((await makingOf(id))!.events).toHaveLength(1);
  });

  it("lets one of two staff moving at once win; the other is told the order moved meanwhile (409), and nothing else changes", async () => {
    const id = await paidOrder(test.database);
    const [first, second] = await Promise.all([forward(id, WEAVING, staff), forward(id, WEAVING, owner)]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const lost = first.statusCode === 409 ? first : second;
    expect(lost.json()).toEqual({
      error: "The order moved meanwhile: it is now in Blocking. Reload the page.",
      details: { code: "stale", current: { id: stage(BLOCKING), nameEn: "Blocking", nameRu: "Формовка" } },
    });
    const making = (await makingOf(id))!;
    expect(making.current.id).toBe(stage(BLOCKING));
    expect(making.events).toHaveLength(2);
  });

  it("is left alone once the order left the workshop (shipped or cancelled): moves are refused", async () => {
    const id = await paidOrder(test.database);
    await test.database.db.updateTable("orders").set({ status: "SHIPPED" }).where("id", "=", id).execute();
    const refused = await forward(id, WEAVING);
    expect([refused.statusCode, refused.json().details.code]).toEqual([409, "not-in-workshop"]);
    expect((await makingOf(id))!.can).toEqual({ forward: null, back: [] });
  });
});

describe("a ready hat that needs adjusting", () => {
  let readyProduct: number;
  beforeAll(async () => {
    ({ id: readyProduct } = await test.database.db
      .insertInto("products")
      .values({ id: 900, name: "Ready Panama", priceCents: 9_000, madeToOrder: false })
      .returning("id")
      .executeTakeFirstOrThrow());
  });

  it("ships as it is, until staff send it for adjusting: then it is made from the stage they choose", async () => {
    const id = await paidOrder(test.database, { productId: readyProduct, productName: "Ready Panama" });
    const before = orderDetailAnswer.parse((await call(`/api/admin/orders/${id}`, { as: staff })).json());
    expect([before.making, before.can.adjust]).toEqual([null, true]);
    const adjust = await call(`/api/admin/orders/${id}/making/adjust`, {
      as: staff,
      method: "POST",
      body: { stageId: stage(BLOCKING), reason: "Re-block to 58 cm", noteEn: "We are fitting your hat to 58 cm." },
    });
    expect(adjust.statusCode, adjust.body).toBe(201);
    expect(orderMakingAnswer.parse(adjust.json())).toMatchObject({
      reason: "adjusting",
      current: { id: stage(BLOCKING) },
      events: [{ direction: "start", reason: "Re-block to 58 cm", noteEn: "We are fitting your hat to 58 cm.", actor: "Ketut Sari" }],
      stages: [{ state: "done", reachedAt: null }, { state: "current" }, {}, {}, {}],
    });
    const after = orderDetailAnswer.parse((await call(`/api/admin/orders/${id}`, { as: staff })).json());
    expect(after.can.adjust).toBe(false);
    expect(after.changes.map((c) => c.action)).toContain("order-making-adjust");
    const twice = await call(`/api/admin/orders/${id}/making/adjust`, { as: staff, method: "POST", body: {} });
    expect([twice.statusCode, twice.json().details.code]).toEqual([409, "in-making"]);
  });

  it("is refused for an order not paid yet, and for an unknown stage", async () => {
    const paid = await paidOrder(test.database, { productId: readyProduct });
    const unknownStage = await call(`/api/admin/orders/${paid}/making/adjust`, { as: staff, method: "POST", body: { stageId: 999_999 } });
    expect([unknownStage.statusCode, unknownStage.json().details]).toEqual([400, { stageId: "stage" }]);
    await test.database.db.updateTable("orders").set({ paymentStatus: "PENDING" }).where("id", "=", paid).execute();
    const unpaid = await call(`/api/admin/orders/${paid}/making/adjust`, { as: staff, method: "POST", body: {} });
    expect([unpaid.statusCode, unpaid.json().details.code]).toEqual([409, "not-paid"]);
  });
});

describe("the making board and the orders list's stage filter", () => {
  it("groups every order in the workshop by stage, the longest waiting first, with its days in the stage and the late ones", async () => {
    await test.database.db.deleteFrom("orderMaking").execute();
    const old = await paidOrder(test.database);
    const recent = await paidOrder(test.database);
    const late = await paidOrder(test.database, { deliveryOption: "PICKUP" });
    const ready = await paidOrder(test.database);
    const shipped = await paidOrder(test.database);
    for (const from of [WEAVING, BLOCKING, FINISHING, CHECK]) await forward(ready, from);
    await test.database.db.updateTable("orders").set({ status: "SHIPPED" }).where("id", "=", shipped).execute();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await test.database.db
      .updateTable("orderMaking")
      .set({ stageSince: daysAgo(20) })
      .where("orderId", "=", old)
      .execute();
    await test.database.db
      .updateTable("orderMaking")
      .set({ stageSince: daysAgo(3) })
      .where("orderId", "=", late)
      .execute();
    await test.database.db.updateTable("orders").set({ promisedDeliveryDay: "2020-01-01" }).where("id", "=", late).execute();
    await test.database.db.updateTable("orders").set({ promisedDeliveryDay: "2999-12-31" }).where("id", "=", recent).execute();

    const answer = await call("/api/admin/making/board", { as: staff });
    expect(answer.statusCode).toBe(200);
    const board = makingBoardAnswer.parse(answer.json());
    expect(board.columns.map((c) => c.stage.nameEn)).toEqual(["Weaving", "Blocking", "Finishing", "Quality check", "Ready"]);
    expect(board.columns[WEAVING]!.orders.map((o) => o.id)).toEqual([old, late, recent]);
    expect(board.columns[READY]!.orders.map((o) => o.id)).toEqual([ready]);
    expect(board.columns.flatMap((c) => c.orders).some((o) => o.id === shipped)).toBe(false);
    const [oldRow, lateRow, recentRow] = board.columns[WEAVING]!.orders;
    expect(oldRow).toMatchObject({ calendarDays: 20, overdue: true, late: false, promisedDeliveryDay: null, reason: "made-to-order" });
    expect(oldRow!.workingDays).toBeGreaterThanOrEqual(17);
    expect(lateRow).toMatchObject({ calendarDays: 3, late: true, promisedDeliveryDay: "2020-01-01" });
    expect(recentRow).toMatchObject({ calendarDays: 0, workingDays: 0, overdue: false, late: false });
    expect(board.late).toBe(1);
  });

  it("filters the orders list by stage (the orders in the workshop in it), and refuses a value that is no stage id", async () => {
    const list = async (making: string) => call(`/api/admin/orders?making=${making}`, { as: staff });
    const board = makingBoardAnswer.parse((await call("/api/admin/making/board", { as: staff })).json());
    const inWeaving = board.columns[WEAVING]!.orders.map((o) => o.id).sort();
    const weaving = await list(String(stage(WEAVING)));
    expect(weaving.statusCode).toBe(200);
    expect(
      weaving
        .json()
        .rows.map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual(inWeaving);
    expect((await list(String(stage(READY)))).json().total).toBe(1);
    const wrong = await list("weaving");
    expect([wrong.statusCode, Object.keys(wrong.json().details)]).toEqual([400, ["making"]]);
  });
});
