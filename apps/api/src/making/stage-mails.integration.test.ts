import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { formatDeliveryDay } from "@workshop/domain/delivery.ts";
import { momentOfWorkshopDay } from "@workshop/domain/opening-hours.ts";
import { stageMailsAnswer } from "@workshop/domain/shop-api/stage-mails.ts";
import { makingPhotosAnswer, orderMakingAnswer } from "@workshop/domain/staff-api/making.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { deliverMail, useMailSettings } from "#server/mail/index.ts";
import { type Browser, type ConsoleCall, consoleCalls, paidOrder, signedIn } from "#test-support/console-calls.ts";
import { useTempStorage } from "#test-support/temp-storage.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

/**
 * The e-mails about the making (decision 055): started, each stage the workshop tells, ready; in
 * the customer's language, with the note, one photo and the one link that stops them; and the stop
 * itself, through the order's private link.
 */

const CONSOLE = "https://admin.shop.example";
const SHOP = "https://shop.example";
process.env.PUBLIC_URL = SHOP;
process.env.ADMIN_URL = CONSOLE;

let test: TestApp;
let app: FastifyInstance;
let call: ConsoleCall;
let staff: Browser;
let stages: { id: number; nameEn: string; nameRu: string }[];
let keptDir: string;

beforeAll(async () => {
  test = await startTestApp();
  await seedCatalogIfEmpty(test.database.db);
  app = test.app;
  call = consoleCalls(app, CONSOLE);
  await useTempStorage("stage-mails");
  keptDir = await mkdtemp(path.join(tmpdir(), "stage-mails-kept-"));
  useMailSettings({ smtpUrl: undefined, keptDir });
  staff = await signedIn(test.database, "ketut@workshop.test", "Ketut Sari", "staff");
  stages = await test.database.db.selectFrom("makingStages").select(["id", "nameEn", "nameRu"]).orderBy("position").execute();
});
afterAll(async () => {
  useMailSettings();
  await test?.close();
});

const [WEAVING, BLOCKING, FINISHING, CHECK, READY] = [0, 1, 2, 3, 4];
const stage = (index: number) => stages[index]!.id;
const move = (orderId: string, from: number, to: number, more: object = {}) =>
  call(`/api/admin/orders/${orderId}/making/moves`, { as: staff, method: "POST", body: { expected: stage(from), to: stage(to), ...more } });

const orderRow = (id: string) => test.database.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const mailsOf = (orderId: string) =>
  test.database.db.selectFrom("mailOutbox").selectAll().where("orderId", "=", orderId).orderBy("id").execute();
const stageMailsOf = async (orderId: string) => (await mailsOf(orderId)).filter((m) => m.template.startsWith("making-"));

/** The day as the mails write it ('Thu, Dec 17'), from the console's estimate (YYYY-MM-DD). */
const shown = (day: string, locale: "en" | "ru") => formatDeliveryDay(momentOfWorkshopDay(day), locale);
const estimateOf = async (orderId: string) =>
  orderMakingAnswer.parse((await call(`/api/admin/orders/${orderId}`, { as: staff })).json().making).estimate;

async function uploadPhoto(orderId: string): Promise<string> {
  const form = new FormData();
  form.append("files", new File([new Uint8Array(await sampleJpeg(1200, 900))], "band.jpg", { type: "image/jpeg" }));
  const encoded = new Response(form);
  const answer = await app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/making/photos`,
    headers: { origin: CONSOLE, cookie: staff.cookie, "x-csrf-token": staff.token, "content-type": encoded.headers.get("content-type")! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return makingPhotosAnswer.parse(answer.json()).photos[0]!.id;
}

/** A call of the shop's API as the storefront makes it for a customer. */
const shopCall = (method: "GET" | "POST", url: string, body?: unknown, contentType = "application/json") =>
  app.inject({
    method,
    url,
    headers: body === undefined ? {} : { "content-type": contentType },
    payload: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

describe("the e-mail when the making starts", () => {
  it("goes in the payment's transaction, once, in English: the hat is being made, its first stage, the ready and delivery days, the stop link", async () => {
    const id = await paidOrder(test.database);
    const order = await orderRow(id);
    const [mail, ...more] = await stageMailsOf(id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      dedupeKey: `making-started:${id}`,
      template: "making-started",
      locale: "en",
      to: "made@example.com",
      subject: `Your hat for order ${order.orderNumber} is being made`,
      status: "pending",
    });
    const estimate = await estimateOf(id);
    for (const part of [
      `Our weavers have started on your hat, Ubud Sun Fedora (order ${order.orderNumber}). It is now in its first stage: Weaving.`,
      "Stage now: Weaving",
      `Estimated ready: ${shown(estimate.readyDay!, "en")}`,
      `Estimated delivery: ${shown(estimate.deliveryDay!, "en")}`,
      `${SHOP}/orders/${order.accessToken}`,
      `Stop them for this order:\n${SHOP}/orders/${order.accessToken}/stage-mails`,
    ])
      expect(mail!.text).toContain(part);
    expect(mail!.html).toContain(`href="${SHOP}/orders/${order.accessToken}/stage-mails"`);
    // The order's own e-mail of the payment goes beside it.
    expect((await mailsOf(id)).map((m) => m.template)).toEqual(["making-started", "payment-confirmed"]);
  });

  it("is in Russian for an order placed in Russian, its stop link on the Russian page", async () => {
    const id = await paidOrder(test.database, { locale: "ru" });
    const order = await orderRow(id);
    const [mail] = await stageMailsOf(id);
    expect(mail).toMatchObject({ locale: "ru", subject: `Ваша шляпа по заказу ${order.orderNumber} в работе` });
    const estimate = await estimateOf(id);
    expect(mail!.text).toContain("Сейчас шляпа на первом этапе: Плетение.");
    expect(mail!.text).toContain(`Будет готова: ${shown(estimate.readyDay!, "ru")}`);
    expect(mail!.text).toContain(`Отключить их для этого заказа:\n${SHOP}/ru/orders/${order.accessToken}/stage-mails`);
    expect(mail!.html).toContain('<html lang="ru">');
  });

  it("leaves the stages' estimate out for a custom hat, made in its quote's production time", async () => {
    const request = await test.database.db
      .insertInto("customOrders")
      .values({
        name: "Ayu",
        email: "ayu@example.com",
        hatType: "Fedora",
        material: "Straw",
        size: "58",
        details: "",
        timeline: "",
        locale: "en",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = await paidOrder(test.database, {
      productId: null,
      customOrderId: request.id,
      productName: `Custom Fedora (request #C${request.id})`,
    });
    const [mail] = await stageMailsOf(id);
    expect(mail!.text).toContain("It is now in its first stage: Weaving.");
    expect(mail!.text).not.toMatch(/Estimated (ready|delivery)/);
  });

  it("is not sent for a ready hat in stock, which is not made", async () => {
    await test.database.db.updateTable("products").set({ madeToOrder: false }).where("id", "=", 2).execute();
    const id = await paidOrder(test.database, { productId: 2 });
    expect(await stageMailsOf(id)).toEqual([]);
    await test.database.db.updateTable("products").set({ madeToOrder: true }).where("id", "=", 2).execute();
  });
});

describe("the e-mails of the moves", () => {
  it("tell the customer of a move only when staff chose to: the note in their language (or the other), one photo, the estimate", async () => {
    const id = await paidOrder(test.database, { locale: "ru" });
    const order = await orderRow(id);
    expect((await move(id, WEAVING, BLOCKING, { noteRu: "Плетение закончено" })).statusCode).toBe(200);
    expect(await stageMailsOf(id)).toHaveLength(1);

    const photoId = await uploadPhoto(id);
    const told = await move(id, BLOCKING, FINISHING, { noteEn: "The band is on.", tellCustomer: true, photoIds: [photoId] });
    expect(told.statusCode, told.body).toBe(200);
    const event = orderMakingAnswer.parse(told.json()).events.at(-1)!;
    const mail = (await stageMailsOf(id)).at(-1)!;
    expect(mail).toMatchObject({
      dedupeKey: `making-stage:${event.id}`,
      template: "making-update",
      locale: "ru",
      subject: `Ваша шляпа на этапе «Отделка» — заказ ${order.orderNumber}`,
    });
    // Only the English note was written: the Russian customer reads it rather than nothing.
    expect(mail.text).toContain("Несколько слов от мастерской:\n\n> The band is on.");
    const photo = `${SHOP}/api/shop/orders/${order.accessToken}/making/photos/${photoId}`;
    expect(mail.text).toContain(`Фото вашей шляпы на этапе «Отделка»:\n${photo}/1280.jpg`);
    expect(mail.html).toContain(`<img src="${photo}/960.jpg" alt="Фото вашей шляпы на этапе «Отделка»" width="520" height="390"`);
    expect(mail.text).toContain(`${SHOP}/ru/orders/${order.accessToken}`);
    expect(mail.text).toContain(`${SHOP}/ru/orders/${order.accessToken}/stage-mails`);
    // The photo's address works through the order's private link alone, for a mail reader anywhere.
    const image = await shopCall("GET", `/api/shop/orders/${order.accessToken}/making/photos/${photoId}/960.jpg`);
    expect([image.statusCode, image.headers["content-type"], image.headers["cross-origin-resource-policy"]]).toEqual([
      200,
      "image/jpeg",
      "cross-origin",
    ]);

    const back = await move(id, FINISHING, WEAVING, { reason: "A loose strand", noteEn: "Re-weaving the crown.", tellCustomer: true });
    expect(back.statusCode, back.body).toBe(200);
    const again = (await stageMailsOf(id)).at(-1)!;
    expect(again.subject).toBe(`Ваша шляпа снова на этапе «Плетение» — заказ ${order.orderNumber}`);
    expect(again.text).not.toContain("A loose strand");
    expect(again.text).not.toContain("<img");
  });

  it("always tell the customer that the hat is ready, with the move's note and photo, and how it comes to them", async () => {
    const id = await paidOrder(test.database);
    const order = await orderRow(id);
    for (const from of [WEAVING, BLOCKING, FINISHING]) expect((await move(id, from, from + 1)).statusCode).toBe(200);
    const photoId = await uploadPhoto(id);
    expect((await move(id, CHECK, READY, { noteRu: "Готово!", photoIds: [photoId] })).statusCode).toBe(200);
    const mails = await stageMailsOf(id);
    expect(mails.map((m) => m.template)).toEqual(["making-started", "making-ready"]);
    const ready = mails[1]!;
    expect(ready.subject).toBe(`Your hat for order ${order.orderNumber} is ready`);
    expect(ready.text).toContain("A note from the workshop:\n\n> Готово!");
    expect(ready.text).toContain(`${SHOP}/api/shop/orders/${order.accessToken}/making/photos/${photoId}/1280.jpg`);
    expect(ready.text).toContain("We will now send it with DHL International Express");
    expect(ready.text).toContain(`${SHOP}/orders/${order.accessToken}/stage-mails`);
  });
});

describe("the stop of the stage e-mails", () => {
  it("is read (GET) without changing anything, as a mail scanner following the link would", async () => {
    const id = await paidOrder(test.database);
    const order = await orderRow(id);
    const read = await shopCall("GET", `/api/shop/orders/${order.accessToken}/stage-mails`);
    expect(read.statusCode).toBe(200);
    expect(stageMailsAnswer.parse(read.json())).toEqual({ orderNumber: order.orderNumber, stopped: false });
    expect(read.headers["cache-control"]).toBe("private, no-store");
    expect(read.headers["x-robots-tag"]).toBe("noindex");
    // No GET stops: not the one-click address either.
    expect((await shopCall("GET", `/api/shop/orders/${order.accessToken}/stage-mails/one-click`)).statusCode).toBe(404);
    expect((await orderRow(id)).stageMailsStoppedAt).toBeNull();
    expect((await stageMailsOf(id)).map((m) => m.status)).toEqual(["pending"]);
  });

  it("stops them: the queued one is not sent, none is queued after, and the order's own e-mails still go", async () => {
    const id = await paidOrder(test.database);
    const order = await orderRow(id);
    const stop = await shopCall("POST", `/api/shop/orders/${order.accessToken}/stage-mails`, { stop: true });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toEqual({ orderNumber: order.orderNumber, stopped: true });
    const stoppedAt = (await orderRow(id)).stageMailsStoppedAt;
    expect(stoppedAt).toBeInstanceOf(Date);
    // The start's mail was still queued: it is withheld, and its delivery sends nothing.
    const [withheld] = await stageMailsOf(id);
    expect(withheld).toMatchObject({ template: "making-started", status: "stopped" });
    await deliverMail({ outboxId: withheld!.id }, { retryCount: 0, retryLimit: 8 });
    expect((await stageMailsOf(id))[0]).toMatchObject({ status: "stopped", attempts: 0 });

    expect((await move(id, WEAVING, BLOCKING, { noteEn: "Blocked.", tellCustomer: true })).statusCode).toBe(200);
    for (const from of [BLOCKING, FINISHING, CHECK]) expect((await move(id, from, from + 1)).statusCode).toBe(200);
    expect(await stageMailsOf(id)).toHaveLength(1);
    // A second stop keeps the first one's moment.
    expect((await shopCall("POST", `/api/shop/orders/${order.accessToken}/stage-mails`, { stop: true })).statusCode).toBe(200);
    expect((await orderRow(id)).stageMailsStoppedAt).toEqual(stoppedAt);

    for (const next of ["IN_PROGRESS", "SHIPPED"]) {
      const moved = await call(`/api/admin/orders/${id}/status`, {
        as: staff,
        method: "POST",
        body: { next, carrier: "DHL", trackingNumber: "1234567890" },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect((await mailsOf(id)).map((m) => [m.template, m.status])).toEqual([
      ["making-started", "stopped"],
      ["payment-confirmed", "pending"],
      ["order-shipped", "pending"],
    ]);
  });

  it("may be undone: the e-mails of later moves come again", async () => {
    const id = await paidOrder(test.database);
    const { accessToken } = await orderRow(id);
    await shopCall("POST", `/api/shop/orders/${accessToken}/stage-mails`, { stop: true });
    const undo = await shopCall("POST", `/api/shop/orders/${accessToken}/stage-mails`, { stop: false });
    expect([undo.statusCode, undo.json().stopped]).toEqual([200, false]);
    expect((await move(id, WEAVING, BLOCKING, { tellCustomer: true })).statusCode).toBe(200);
    expect((await stageMailsOf(id)).map((m) => [m.template, m.status])).toEqual([
      ["making-started", "stopped"],
      ["making-update", "pending"],
    ]);
  });

  it("is refused for an unknown link (404, counted as a miss of a private link) and for a body that says nothing", async () => {
    const misses = async () =>
      Number(
        (await test.database.db.selectFrom("rateLimits").select("points").where("key", "like", "linkMisses:%").executeTakeFirst())
          ?.points ?? 0,
      );
    const before = await misses();
    for (const [method, url, body] of [
      ["GET", `/api/shop/orders/${"n".repeat(32)}/stage-mails`],
      ["POST", `/api/shop/orders/${"n".repeat(32)}/stage-mails`, { stop: true }],
      ["POST", `/api/shop/orders/${"n".repeat(32)}/stage-mails/one-click`, "List-Unsubscribe=One-Click"],
      ["POST", "/api/shop/orders/short/stage-mails", { stop: true }],
    ] as const) {
      const refused = await shopCall(method, url, body, typeof body === "string" ? "application/x-www-form-urlencoded" : undefined);
      expect([url, refused.statusCode, refused.json()]).toEqual([url, 404, { error: "Order not found" }]);
    }
    expect(await misses()).toBe(before + 4);

    const id = await paidOrder(test.database);
    const { accessToken } = await orderRow(id);
    const empty = await shopCall("POST", `/api/shop/orders/${accessToken}/stage-mails`, {});
    expect(empty.statusCode).toBe(400);
    const form = await shopCall("POST", `/api/shop/orders/${accessToken}/stage-mails`, "stop=true", "application/x-www-form-urlencoded");
    expect(form.statusCode).toBe(415);
    expect((await orderRow(id)).stageMailsStoppedAt).toBeNull();
  });

  it("takes a mail reader's one-click post (RFC 8058), whose address every stage e-mail names in its List-Unsubscribe header", async () => {
    const id = await paidOrder(test.database);
    const { accessToken } = await orderRow(id);
    const [started] = await stageMailsOf(id);
    await deliverMail({ outboxId: started!.id }, { retryCount: 0, retryLimit: 8 });
    // Read with its folded header lines unfolded.
    const eml = (await readFile(path.join(keptDir, `${String(started!.id).padStart(6, "0")}-making-started.eml`), "utf8")).replace(
      /\r?\n[ \t]+/g,
      " ",
    );
    expect(eml).toContain(`List-Unsubscribe: <${SHOP}/api/shop/orders/${accessToken}/stage-mails/one-click>`);
    expect(eml).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // The order's own e-mails have none: they are not stopped.
    const confirmed = (await mailsOf(id)).find((m) => m.template === "payment-confirmed")!;
    await deliverMail({ outboxId: confirmed.id }, { retryCount: 0, retryLimit: 8 });
    const own = await readFile(path.join(keptDir, `${String(confirmed.id).padStart(6, "0")}-payment-confirmed.eml`), "utf8");
    expect(own).not.toContain("List-Unsubscribe");

    const clicked = await shopCall(
      "POST",
      `/api/shop/orders/${accessToken}/stage-mails/one-click`,
      "List-Unsubscribe=One-Click",
      "application/x-www-form-urlencoded",
    );
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(clicked.json()).toMatchObject({ stopped: true });
    expect((await orderRow(id)).stageMailsStoppedAt).toBeInstanceOf(Date);
    const form = new FormData();
    form.append("List-Unsubscribe", "One-Click");
    const encoded = new Response(form);
    const again = await app.inject({
      method: "POST",
      url: `/api/shop/orders/${accessToken}/stage-mails/one-click`,
      headers: { "content-type": encoded.headers.get("content-type")! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
