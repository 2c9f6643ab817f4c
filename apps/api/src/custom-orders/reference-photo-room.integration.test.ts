import { referenceRefusals } from "@workshop/domain/uploads.ts";
import { customOrderSchema } from "@workshop/domain/validation/custom-order.ts";
import { customRequest } from "@workshop/testing/custom-request.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#server/db/client.ts";
import type { DiskStorage } from "#server/media/disk-storage.ts";
import { useTempStorage } from "#test-support/temp-storage.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { removeUnattachedPhotos } from "./photo-cleanup.ts";
import { MAX_WAITING_PHOTOS_PER_CLIENT, WAITING_PHOTO_MINUTES } from "./reference-photos.ts";
import { photoUnusable, submitCustomOrder } from "./submit.ts";

let store: DiskStorage;
let jpeg: Buffer;
let app: FastifyInstance;
let test: TestApp;
beforeAll(async () => {
  ({ app } = test = await startTestApp());
  store = await useTempStorage("reference-room");
  jpeg = await sampleJpeg();
});
afterAll(async () => {
  await test?.close();
});

/** POST /api/custom-orders/uploads with three photos, as the /custom page sends them, from one address. */
async function sendThree(ip: string) {
  const form = new FormData();
  for (const name of ["a.jpg", "b.jpg", "c.jpg"]) form.append("files", new File([new Uint8Array(jpeg)], name, { type: "image/jpeg" }));
  const { type, bytes } = await encoded(form);
  const response = await app.inject({
    method: "POST",
    url: "http://shop.test/api/custom-orders/uploads",
    headers: { "content-type": type },
    payload: bytes,
    remoteAddress: ip,
  });
  return { status: response.statusCode, body: response.json() };
}

/** A multipart form as a browser sends it, for app.inject: its bytes and its Content-Type. */
async function encoded(form: FormData) {
  const encoded = new Response(form);
  return { type: encoded.headers.get("content-type")!, bytes: Buffer.from(await encoded.arrayBuffer()) };
}

const waitingOf = async (client: string) =>
  (await (await getDb()).selectFrom("customOrderPhotos").selectAll().where("client", "=", client).execute()).filter((p) => !p.customOrderId)
    .length;

describe("the room for reference photos no request has taken yet", () => {
  it("keeps one address to its share, while a new visitor can still upload", async () => {
    const flooder = "192.0.2.10";
    const rounds = MAX_WAITING_PHOTOS_PER_CLIENT / 3;
    for (let i = 0; i < rounds; i++) expect((await sendThree(flooder)).status).toBe(201);
    const refused = await sendThree(flooder);
    expect(refused).toEqual({ status: 429, body: { error: referenceRefusals.clientShareUsed } });
    expect(await waitingOf(flooder)).toBe(MAX_WAITING_PHOTOS_PER_CLIENT);

    const newcomer = await sendThree("192.0.2.11");
    expect(newcomer.status).toBe(201);
    expect(newcomer.body).toHaveLength(3);
  });

  it("counts an IPv6 visitor by its /64, so new addresses of one network share one share", async () => {
    for (let i = 1; i <= MAX_WAITING_PHOTOS_PER_CLIENT / 3; i++) expect((await sendThree(`2001:db8:1:2::${i}`)).status).toBe(201);
    expect((await sendThree("2001:db8:1:2::ffff")).status).toBe(429);
    expect((await sendThree("2001:db8:1:3::1")).status).toBe(201);
  });

  it("lets no parallel burst of one address past its share", async () => {
    const burst = "192.0.2.20";
    const answers = await Promise.all(Array.from({ length: 8 }, () => sendThree(burst)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(3).fill(429)]);
    expect(await waitingOf(burst)).toBe(MAX_WAITING_PHOTOS_PER_CLIENT);
  });

  it("lets photos expire after an hour: they count for nobody and the cleanup removes them with their files", async () => {
    const early = "192.0.2.30";
    for (let i = 0; i < MAX_WAITING_PHOTOS_PER_CLIENT / 3; i++) expect((await sendThree(early)).status).toBe(201);
    expect((await sendThree(early)).status).toBe(429);
    const db = await getDb();
    const mine = await db.selectFrom("customOrderPhotos").selectAll().where("client", "=", early).execute();
    await db
      .updateTable("customOrderPhotos")
      .set({ createdAt: sql<Date>`now() - make_interval(mins => ${WAITING_PHOTO_MINUTES + 1})` })
      .where("client", "=", early)
      .execute();
    // Expired: the same address may upload again before any cleanup ran, and no request takes them.
    expect((await sendThree(early)).status).toBe(201);
    const request = customOrderSchema.parse({ ...customRequest, referenceImages: [mine[0]!.id] });
    await expect(submitCustomOrder(request, "en")).rejects.toMatchObject({ kind: "invalid", message: photoUnusable });

    const removed = await removeUnattachedPhotos();
    expect(removed).toBeGreaterThanOrEqual(MAX_WAITING_PHOTOS_PER_CLIENT);
    for (const photo of mine) expect(await store.exists(photo.storageKey)).toBe(false);
    expect(await waitingOf(early)).toBe(3);
    const left = await db.selectFrom("customOrderPhotos").selectAll().where("customOrderId", "is", null).execute();
    expect(left.every((p) => p.client !== early || !mine.some((m) => m.id === p.id))).toBe(true);
  });
});
