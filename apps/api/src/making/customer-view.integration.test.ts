import { orderPageAnswer } from "@workshop/domain/shop-api/order-pages.ts";
import { makingPhotosAnswer } from "@workshop/domain/staff-api/making.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, type ConsoleCall, consoleCalls, paidOrder, signedIn } from "#test-support/console-calls.ts";
import { useTempStorage } from "#test-support/temp-storage.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

// Read by the first config() call, which comes after these lines.
const CONSOLE = "https://admin.shop.example";
process.env.PUBLIC_URL = "https://shop.example";
process.env.ADMIN_URL = CONSOLE;

let test: TestApp;
let app: FastifyInstance;
let call: ConsoleCall;
let staff: Browser;
let stages: number[];

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  call = consoleCalls(app, CONSOLE);
  await useTempStorage("making-customer");
  staff = await signedIn(test.database, "ketut@workshop.test", "Ketut Sari", "staff");
  stages = (await test.database.db.selectFrom("makingStages").select("id").orderBy("position").execute()).map((s) => s.id);
});
afterAll(() => test?.close());

const accessToken = async (orderId: string) =>
  (await test.database.db.selectFrom("orders").select("accessToken").where("id", "=", orderId).executeTakeFirstOrThrow()).accessToken;

async function uploadPhoto(orderId: string) {
  const form = new FormData();
  form.append("files", new File([new Uint8Array(await sampleJpeg(640, 480))], "weave.jpg", { type: "image/jpeg" }));
  const encoded = new Response(form);
  const answer = await app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/making/photos`,
    headers: { origin: CONSOLE, cookie: staff.cookie, "x-csrf-token": staff.token, "content-type": encoded.headers.get("content-type")! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return makingPhotosAnswer.parse(answer.json()).photos[0]!;
}

const move = async (orderId: string, body: object) => {
  const answer = await call(`/api/admin/orders/${orderId}/making/moves`, { as: staff, method: "POST", body });
  expect(answer.statusCode, answer.body).toBe(200);
};

const page = async (token: string, lang: "en" | "ru" = "en") => {
  const answer = await app.inject(`/api/shop/orders/${token}?lang=${lang}`);
  expect(answer.statusCode).toBe(200);
  return orderPageAnswer.parse(answer.json());
};

describe("the customer's order page follows the making", () => {
  it("shows the stages in the customer's language, the estimate, and each step's note and photos through the order's link", async () => {
    const id = await paidOrder(test.database);
    const token = await accessToken(id);
    const started = (await page(token)).making!;
    expect(started.stages.map((s) => [s.name, s.state])).toEqual([
      ["Weaving", "current"],
      ["Blocking", "next"],
      ["Finishing", "next"],
      ["Quality check", "next"],
      ["Ready", "next"],
    ]);
    expect(started.stages[0]!.reachedAt).toMatch(/\d{4} \d{1,2}:\d{2} [AP]M$/);
    expect(started).toMatchObject({ ready: false, stageMailsStopped: false });
    expect(started.readyDay).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/);
    expect(started.deliveryDay).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/);
    expect(started.updates.map((u) => [u.direction, u.stage, u.note, u.photos])).toEqual([["start", "Weaving", null, []]]);

    const photo = await uploadPhoto(id);
    await move(id, { expected: stages[0], to: stages[1], noteEn: "Woven tight, now on its block.", photoIds: [photo.id] });
    await move(id, { expected: stages[1], to: stages[0], reason: "The crown came out uneven", noteRu: "Переплетаем тулью." });

    const en = (await page(token)).making!;
    expect(en.stages.map((s) => s.state)).toEqual(["current", "next", "next", "next", "next"]);
    // Newest first; the workshop's reason for going back stays in the console.
    expect(en.updates.map((u) => [u.direction, u.stage, u.note])).toEqual([
      ["back", "Weaving", "Переплетаем тулью."],
      ["forward", "Blocking", "Woven tight, now on its block."],
      ["start", "Weaving", null],
    ]);
    expect(JSON.stringify(en)).not.toContain("uneven");
    const shown = en.updates[1]!.photos;
    expect(shown).toEqual([
      {
        id: photo.id,
        width: photo.width,
        height: photo.height,
        url: `/api/shop/orders/${token}/making/photos/${photo.id}/1280.jpg`,
        thumbnailUrl: `/api/shop/orders/${token}/making/photos/${photo.id}/480.jpg`,
      },
    ]);
    for (const url of [shown[0]!.url, shown[0]!.thumbnailUrl]) {
      const image = await app.inject(url);
      expect([image.statusCode, image.headers["content-type"], image.headers["x-robots-tag"]]).toEqual([200, "image/jpeg", "noindex"]);
    }

    const ru = (await page(token, "ru")).making!;
    expect(ru.stages.map((s) => s.name)).toEqual(["Плетение", "Формовка", "Отделка", "Проверка качества", "Готово"]);
    // The note in the customer's language first, else the one the workshop wrote.
    expect(ru.updates.map((u) => u.note)).toEqual(["Переплетаем тулью.", "Woven tight, now on its block.", null]);
    expect(ru.readyDay).toMatch(/^[а-я]{2}, \d{1,2} [а-я]+\.?$/);
  });

  it("says the hat is ready once it reaches the last stage", async () => {
    const id = await paidOrder(test.database);
    for (let i = 0; i < stages.length - 1; i++) await move(id, { expected: stages[i], to: stages[i + 1] });
    const making = (await page(await accessToken(id))).making!;
    expect(making.ready).toBe(true);
    expect(making.stages.map((s) => s.state)).toEqual(["done", "done", "done", "done", "current"]);
    expect(making.stages.every((s) => s.reachedAt !== null)).toBe(true);
  });

  it("is null for a ready hat, which is not made for its order", async () => {
    await test.database.db
      .insertInto("products")
      .values({ id: 900, name: "Ready Panama", priceCents: 9_000, madeToOrder: false })
      .execute();
    const id = await paidOrder(test.database, { productId: 900, productName: "Ready Panama" });
    expect((await page(await accessToken(id))).making).toBeNull();
  });
});
