import { productPageAnswer } from "@workshop/domain/shop-api/catalog.ts";
import { makingStagesAnswer } from "@workshop/domain/staff-api/making.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, type ConsoleCall, consoleCalls, paidOrder, signedIn } from "#test-support/console-calls.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

const CONSOLE = "https://admin.shop.example";
process.env.PUBLIC_URL = "https://shop.example";
process.env.ADMIN_URL = CONSOLE;

let test: TestApp;
let call: ConsoleCall;
let owner: Browser;
let staff: Browser;

beforeAll(async () => {
  test = await startTestApp();
  call = consoleCalls(test.app, CONSOLE);
  owner = await signedIn(test.database, "made@workshop.test", "Made Wirawan", "owner");
  staff = await signedIn(test.database, "ketut@workshop.test", "Ketut Sari", "staff");
});
afterAll(() => test?.close());

const read = async () => makingStagesAnswer.parse((await call("/api/admin/making/stages", { as: staff })).json());
const put = (stages: unknown, as: Browser = owner) => call("/api/admin/making/stages", { as, method: "PUT", body: { stages } });
type Stage = { id?: number; nameEn: string; nameRu: string; usualDays: number };
const asRequest = (answer: Awaited<ReturnType<typeof read>>): Stage[] =>
  answer.stages.map(({ id, nameEn, nameRu, usualDays }) => ({ id, nameEn, nameRu, usualDays }));

describe("the making stages (the shop's setting)", () => {
  it("are read by staff: the default five, the orders in each, and the usual making time", async () => {
    const answer = await call("/api/admin/making/stages", { as: staff });
    expect(answer.statusCode).toBe(200);
    const { stages, usualMakingDays } = makingStagesAnswer.parse(answer.json());
    expect(stages.map((s) => [s.position, s.nameEn, s.nameRu, s.usualDays, s.orders])).toEqual([
      [1, "Weaving", "Плетение", 6, 0],
      [2, "Blocking", "Формовка", 2, 0],
      [3, "Finishing", "Отделка", 1, 0],
      [4, "Quality check", "Проверка качества", 1, 0],
      [5, "Ready", "Готово", 0, 0],
    ]);
    expect(usualMakingDays).toBe(10);
  });

  it("are changed by owners only, with the session's CSRF token", async () => {
    const stages = asRequest(await read());
    expect((await put(stages, staff)).statusCode).toBe(403);
    expect((await call("/api/admin/making/stages", { method: "PUT", body: { stages } })).statusCode).toBe(401);
    expect((await call("/api/admin/making/stages", { as: owner, method: "PUT", token: null, body: { stages } })).statusCode).toBe(403);
    expect((await put(stages)).statusCode).toBe(200);
  });

  it("refuse a list that is empty or longer than 12, a name empty or over 40 characters, days that are not 0 to 60 whole, a name twice", async () => {
    const stages = asRequest(await read());
    const stage = (over: Partial<Stage> = {}): Stage => ({ nameEn: "Dyeing", nameRu: "Окрашивание", usualDays: 1, ...over });
    const cases: [unknown, Record<string, string>][] = [
      [[], { stages: "tooFew" }],
      [Array.from({ length: 13 }, (_, i) => stage({ nameEn: `Stage ${i}`, nameRu: `Этап ${i}` })), { stages: "tooMany" }],
      [[...stages, stage({ nameEn: " " })], { stages: "required" }],
      [[...stages, stage({ nameRu: "д".repeat(41) })], { stages: "tooLong" }],
      [[...stages, stage({ nameEn: "Dye\ning" })], { stages: "characters" }],
      [[...stages, stage({ usualDays: 61 })], { stages: "days" }],
      [[...stages, stage({ usualDays: -1 })], { stages: "days" }],
      [[...stages, stage({ usualDays: 1.5 })], { stages: "days" }],
      [[...stages, stage({ nameEn: "weaving" })], { stages: "duplicate" }],
      [[...stages, stage({ nameRu: "ГОТОВО" })], { stages: "duplicate" }],
      [[...stages, stages[0]], { stages: "duplicate" }],
      ["none", { stages: "required" }],
    ];
    for (const [list, details] of cases) {
      const answer = await put(list);
      expect([answer.statusCode, answer.json().error, answer.json().details]).toEqual([400, "Check the stages", details]);
    }
    const unknown = await put([{ ...stages[0], id: 999_999 }, ...stages.slice(1)]);
    expect([unknown.statusCode, unknown.json().details.stages]).toEqual([400, "unknown stage 999999: reload the page"]);
    expect(asRequest(await read())).toEqual(stages);
  });

  it("are renamed, given other days, reordered and added to, each keeping its id; audited before and after", async () => {
    const before = asRequest(await read());
    const [weaving, blocking, finishing, check, ready] = before as [Stage, Stage, Stage, Stage, Stage];
    const changed = await put([
      { ...weaving, usualDays: 8 },
      { nameEn: "Dyeing", nameRu: "Окрашивание", usualDays: 2 },
      { ...blocking, nameEn: "Shaping", nameRu: "Придание формы" },
      finishing,
      check,
      ready,
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    const answer = makingStagesAnswer.parse(changed.json());
    expect(answer.stages.map((s) => [s.id === weaving.id, s.nameEn, s.usualDays, s.position])).toEqual([
      [true, "Weaving", 8, 1],
      [false, "Dyeing", 2, 2],
      [false, "Shaping", 2, 3],
      [false, "Finishing", 1, 4],
      [false, "Quality check", 1, 5],
      [false, "Ready", 0, 6],
    ]);
    expect(answer.stages[2]!.id).toBe(blocking.id);
    expect(answer.usualMakingDays).toBe(14);
    const audit = await test.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "making-stages-changed")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: "made@workshop.test", recordType: "making-stages" });
    expect((audit.before as { stages: Stage[] }).stages.map((s) => s.nameEn)).toEqual(before.map((s) => s.nameEn));
    expect((audit.after as { stages: Stage[] }).stages.map((s) => s.nameEn)).toContain("Dyeing");
    // Back as they were (the dyeing stage taken off: no order is in it).
    expect((await put(before)).statusCode).toBe(200);
    expect(asRequest(await read())).toEqual(before);
  });

  it("show on a product's page at once when they change", async () => {
    const { id } = await test.database.db
      .insertInto("products")
      .values({ name: "Stage hat", priceCents: 10_000, sizes: [56] })
      .returning("id")
      .executeTakeFirstOrThrow();
    const workingDays = async () => productPageAnswer.parse((await test.app.inject(`/api/shop/products/${id}`)).json()).making?.workingDays;
    const before = asRequest(await read());
    const days = before.reduce((sum, stage) => sum + stage.usualDays, 0);
    expect(await workingDays()).toBe(days);
    expect((await put([{ ...before[0]!, usualDays: before[0]!.usualDays + 5 }, ...before.slice(1)])).statusCode).toBe(200);
    expect(await workingDays()).toBe(days + 5);
    expect((await put(before)).statusCode).toBe(200);
    expect(await workingDays()).toBe(days);
    await test.database.db.deleteFrom("products").where("id", "=", id).execute();
  });

  it("never leave an order's making wrong: a stage with orders stays, the last stays where ready hats are and never holds one being made", async () => {
    const stages = asRequest(await read());
    const [weaving, blocking, finishing, check, ready] = stages as [Stage, Stage, Stage, Stage, Stage];
    const making = await paidOrder(test.database);
    const inReady = await paidOrder(test.database);
    await test.database.db
      .updateTable("orderMaking")
      .set({ stageId: ready.id!, endedAt: new Date() })
      .where("orderId", "=", inReady)
      .execute();
    expect((await read()).stages.map((s) => s.orders)).toEqual([1, 0, 0, 0, 1]);

    const removeWeaving = await put([blocking, finishing, check, ready]);
    expect([removeWeaving.statusCode, removeWeaving.json().details.code]).toEqual([409, "stage-in-use"]);
    expect(removeWeaving.json().error).toBe("Orders are in Weaving now: move them on before taking it off the list.");
    const weavingLast = await put([blocking, finishing, check, ready, weaving]);
    expect([weavingLast.statusCode, weavingLast.json().details.code]).toEqual([409, "last-in-use"]);
    const afterReady = await put([...stages, { nameEn: "Packing", nameRu: "Упаковка", usualDays: 1 }]);
    expect([afterReady.statusCode, afterReady.json().details.code]).toEqual([409, "ready-in-use"]);
    expect(asRequest(await read())).toEqual(stages);

    // Once those orders left the workshop, their stages are free.
    await test.database.db.updateTable("orders").set({ status: "SHIPPED" }).where("id", "in", [making, inReady]).execute();
    const removed = await put([blocking, finishing, check, ready]);
    expect(removed.statusCode).toBe(200);
    // The shipped order still names its stage, kept (retired) with its names.
    const retired = await test.database.db.selectFrom("makingStages").selectAll().where("id", "=", weaving.id!).executeTakeFirstOrThrow();
    expect(retired).toMatchObject({ position: null, nameEn: "Weaving" });
    expect(retired.retiredAt).not.toBeNull();
    const detail = (await call(`/api/admin/orders/${making}`, { as: staff })).json();
    expect(detail.making.current.nameEn).toBe("Weaving");
    expect(detail.making.estimate.readyDay).toBeNull();
  });
});
