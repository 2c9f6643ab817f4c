import { makingPhotosAnswer, orderMakingAnswer } from "@workshop/domain/staff-api/making.ts";
import { MAX_UPLOAD_BYTES, uploadMessages } from "@workshop/domain/uploads.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DiskStorage } from "#server/media/disk-storage.ts";
import { type Browser, type ConsoleCall, consoleCalls, paidOrder, signedIn } from "#test-support/console-calls.ts";
import { useTempStorage } from "#test-support/temp-storage.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { MAX_WAITING_PHOTOS_PER_ORDER, removeExpiredWaitingPhotos, removeFilesOfDeletedPhotos } from "./photos.ts";

const CONSOLE = "https://admin.shop.example";
process.env.PUBLIC_URL = "https://shop.example";
process.env.ADMIN_URL = CONSOLE;

let test: TestApp;
let app: FastifyInstance;
let call: ConsoleCall;
let staff: Browser;
let store: DiskStorage;
let stages: number[];

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  call = consoleCalls(app, CONSOLE);
  store = await useTempStorage("making-photos");
  staff = await signedIn(test.database, "ketut@workshop.test", "Ketut Sari", "staff");
  stages = (await test.database.db.selectFrom("makingStages").select("id").orderBy("position").execute()).map((s) => s.id);
});
afterAll(() => test?.close());

type File = { name: string; body: Buffer; type?: string };

/** POST …/making/photos as the console's uploader sends it: the photos in `files`, with the session and its CSRF token. */
async function upload(orderId: string, files: File[], as: Browser | null = staff) {
  const form = new FormData();
  for (const f of files) form.append("files", new File([new Uint8Array(f.body)], f.name, { type: f.type ?? "image/jpeg" }));
  const encoded = new Response(form);
  return app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/making/photos`,
    headers: {
      origin: CONSOLE,
      ...(as ? { cookie: as.cookie, "x-csrf-token": as.token } : {}),
      "content-type": encoded.headers.get("content-type")!,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const accessToken = async (orderId: string) =>
  (await test.database.db.selectFrom("orders").select("accessToken").where("id", "=", orderId).executeTakeFirstOrThrow()).accessToken;
/** The stored files of a photo: its original and every size. */
const filesOf = async (photoId: string) => (await store.keys()).filter((key) => key.includes(photoId));
/** The keys queued for their files' removal (stored_files_to_remove). */
const queued = async () =>
  (await test.database.db.selectFrom("storedFilesToRemove").select("storageKey").execute()).map((r) => r.storageKey);

describe("stage photos", () => {
  it("are checked, made in every size and kept private to the order (private/making/<order>/), waiting for their move", async () => {
    const id = await paidOrder(test.database);
    const answer = await upload(id, [
      { name: "weaving.jpg", body: await sampleJpeg(640, 480) },
      { name: "brim.jpg", body: await sampleJpeg() },
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    const { photos } = makingPhotosAnswer.parse(answer.json());
    expect(photos).toHaveLength(2);
    const [photo] = photos;
    expect(photo!.id).toMatch(/^[0-9a-f]{32}$/);
    expect(photo).toMatchObject({
      width: 640,
      height: 480,
      base: `/api/admin/orders/${id}/making/photos/${photo!.id}`,
      url: `/api/admin/orders/${id}/making/photos/${photo!.id}/1280.jpg`,
      thumbnailUrl: `/api/admin/orders/${id}/making/photos/${photo!.id}/480.jpg`,
    });
    const keys = (await store.keys()).filter((key) => key.includes(photo!.id));
    expect(keys).toHaveLength(16);
    for (const key of keys) expect(key.startsWith(`private/making/${id}/${photo!.id}`)).toBe(true);

    const shown = await call(photo!.thumbnailUrl, { as: staff });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(shown.rawPayload).metadata()).width).toBe(480);
    expect((await call(`${photo!.base}/320.avif`, { as: staff })).headers["content-type"]).toBe("image/avif");
    expect((await call(`${photo!.base}/100.jpg`, { as: staff })).statusCode).toBe(404);
    expect((await call(photo!.url)).statusCode).toBe(401);
    // Never through /media, which serves the products' photos to anyone.
    expect((await app.inject(`/media/480/private/making/${id}/${photo!.id}.jpg`)).statusCode).toBe(404);

    const making = orderMakingAnswer.parse((await call(`/api/admin/orders/${id}`, { as: staff })).json().making);
    expect(making.waitingPhotos.map((p) => p.id)).toEqual(photos.map((p) => p.id));
  });

  it("go with the move that names them (up to 5), in its order; a photo that is not waiting refuses the move", async () => {
    const id = await paidOrder(test.database);
    const uploaded = await upload(id, [
      { name: "a.jpg", body: await sampleJpeg() },
      { name: "b.jpg", body: await sampleJpeg() },
    ]);
    const { photos } = makingPhotosAnswer.parse(uploaded.json());
    const ids = photos.map((p) => p.id).reverse();
    const moved = await call(`/api/admin/orders/${id}/making/moves`, {
      as: staff,
      method: "POST",
      body: { expected: stages[0], to: stages[1], noteEn: "The weaving is done", tellCustomer: true, photoIds: ids },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const making = orderMakingAnswer.parse(moved.json());
    expect(making.events.at(-1)!.photos.map((p) => p.id)).toEqual(ids);
    expect(making.waitingPhotos).toEqual([]);
    const taken = await call(`/api/admin/orders/${id}/making/moves`, {
      as: staff,
      method: "POST",
      body: { expected: stages[1], to: stages[2], photoIds: [ids[0]] },
    });
    expect([taken.statusCode, taken.json().details.photoIds]).toEqual([400, "photo"]);
    const six = await call(`/api/admin/orders/${id}/making/moves`, {
      as: staff,
      method: "POST",
      body: { expected: stages[1], to: stages[2], photoIds: Array.from({ length: 6 }, (_, i) => String(i).repeat(32)) },
    });
    expect([six.statusCode, six.json().details.photoIds]).toEqual([400, "tooManyPhotos"]);
    // A move that was refused took nothing and changed nothing.
    expect(orderMakingAnswer.parse((await call(`/api/admin/orders/${id}`, { as: staff })).json().making).current.id).toBe(stages[1]);
    // A photo a move took stays; a waiting one may be taken off the form.
    expect((await call(`/api/admin/orders/${id}/making/photos/${ids[0]}`, { as: staff, method: "DELETE" })).statusCode).toBe(404);
  });

  it("refuse more than 5 files, a file that is no image whatever its name says, and one over 10 MB", async () => {
    const id = await paidOrder(test.database);
    const photo = await sampleJpeg();
    const six = await upload(
      id,
      Array.from({ length: 6 }, (_, i) => ({ name: `${i}.jpg`, body: photo })),
    );
    expect([six.statusCode, six.json().error]).toEqual([400, uploadMessages.tooMany]);
    const lying = await upload(id, [{ name: "hat.jpg", body: Buffer.from("<html><script>alert(1)</script></html>"), type: "image/jpeg" }]);
    expect([lying.statusCode, lying.json().error]).toEqual([400, uploadMessages.notAnImage]);
    const pdf = await upload(id, [{ name: "hat.png", body: Buffer.from("%PDF-1.7 not a picture"), type: "image/png" }]);
    expect(pdf.statusCode).toBe(400);
    const large = await upload(id, [{ name: "big.jpg", body: Buffer.concat([photo, Buffer.alloc(MAX_UPLOAD_BYTES)]) }]);
    expect([large.statusCode, large.json().error]).toEqual([413, uploadMessages.tooLarge]);
    expect(await test.database.db.selectFrom("makingPhotos").select("id").where("orderId", "=", id).execute()).toEqual([]);
    expect((await upload(id, [{ name: "hat.jpg", body: photo }], null)).statusCode).toBe(401);
  });

  it("wait at most 20 per order, and only for an order in the workshop; waiting ones may be removed, and go after a day", async () => {
    const id = await paidOrder(test.database);
    const first = makingPhotosAnswer.parse((await upload(id, [{ name: "a.jpg", body: await sampleJpeg() }])).json()).photos[0]!;
    await test.database.db
      .insertInto("makingPhotos")
      .values(
        Array.from({ length: MAX_WAITING_PHOTOS_PER_ORDER - 1 }, (_, i) => ({
          id: `${i.toString(16).padStart(2, "0")}${"e".repeat(30)}`,
          orderId: id,
          storageKey: `private/making/${id}/filler-${i}.jpg`,
          width: 1,
          height: 1,
          bytes: 1,
          actor: "test",
        })),
      )
      .execute();
    const full = await upload(id, [{ name: "b.jpg", body: await sampleJpeg() }]);
    expect([full.statusCode, full.json().details.code]).toEqual([409, "too-many-waiting"]);
    expect((await call(`/api/admin/orders/${id}/making/photos/${first.id}`, { as: staff, method: "DELETE" })).statusCode).toBe(204);
    expect((await store.keys()).some((key) => key.includes(first.id))).toBe(false);
    expect((await queued()).some((key) => key.includes(first.id))).toBe(false);
    expect((await call(first.thumbnailUrl, { as: staff })).statusCode).toBe(404);
    // A day later, the photos no move took are gone.
    expect(await removeExpiredWaitingPhotos(new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    expect(await removeExpiredWaitingPhotos(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(
      MAX_WAITING_PHOTOS_PER_ORDER - 1,
    );
    expect(await test.database.db.selectFrom("makingPhotos").select("id").where("orderId", "=", id).execute()).toEqual([]);
    // Their files go with the cleanup's next step.
    expect(await removeFilesOfDeletedPhotos()).toBeGreaterThanOrEqual(MAX_WAITING_PHOTOS_PER_ORDER - 1);
    expect((await queued()).filter((key) => key.includes(id))).toEqual([]);

    await test.database.db.updateTable("orders").set({ status: "SHIPPED" }).where("id", "=", id).execute();
    const shipped = await upload(id, [{ name: "c.jpg", body: await sampleJpeg() }]);
    expect([shipped.statusCode, shipped.json().details.code]).toEqual([409, "not-in-workshop"]);
  });

  it("are the customer's through their order's private link only: not another order's link, not a guessed one", async () => {
    const id = await paidOrder(test.database);
    const other = await paidOrder(test.database);
    const photo = makingPhotosAnswer.parse((await upload(id, [{ name: "a.jpg", body: await sampleJpeg() }])).json()).photos[0]!;
    const shop = (token: string, file = "480.webp") => app.inject(`/api/shop/orders/${token}/making/photos/${photo.id}/${file}`);
    const mine = await shop(await accessToken(id));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers).toMatchObject({ "content-type": "image/webp", "x-robots-tag": "noindex" });
    expect(String(mine.headers["cache-control"])).toMatch(/^private/);
    expect((await shop(await accessToken(other))).statusCode).toBe(404);
    expect((await shop("A".repeat(32))).statusCode).toBe(404);
    expect((await shop(await accessToken(id), "480.svg")).statusCode).toBe(404);
  });
});

describe("stage photos' files", () => {
  it("stay when an operator deletes the order in the database, until the cleanup removes every size; another order's stay", async () => {
    const id = await paidOrder(test.database);
    const other = await paidOrder(test.database);
    const [waiting, moved] = makingPhotosAnswer.parse(
      (
        await upload(id, [
          { name: "a.jpg", body: await sampleJpeg() },
          { name: "b.jpg", body: await sampleJpeg() },
        ])
      ).json(),
    ).photos;
    const move = await call(`/api/admin/orders/${id}/making/moves`, {
      as: staff,
      method: "POST",
      body: { expected: stages[0], to: stages[1], photoIds: [moved!.id] },
    });
    expect(move.statusCode, move.body).toBe(200);
    const kept = makingPhotosAnswer.parse((await upload(other, [{ name: "c.jpg", body: await sampleJpeg() }])).json()).photos[0]!;
    const keys = (await test.database.db.selectFrom("makingPhotos").select("storageKey").where("orderId", "=", id).execute()).map(
      (p) => p.storageKey,
    );
    expect(keys).toHaveLength(2);
    expect(await filesOf(waiting!.id)).toHaveLength(16);
    expect(await filesOf(moved!.id)).toHaveLength(16);

    await test.database.db.deleteFrom("orders").where("id", "=", id).execute();
    expect(await test.database.db.selectFrom("makingPhotos").select("id").where("orderId", "=", id).execute()).toEqual([]);
    // The rows went with the order; the files wait for the cleanup, their keys queued.
    expect(await filesOf(waiting!.id)).toHaveLength(16);
    expect(await filesOf(moved!.id)).toHaveLength(16);
    expect(await queued()).toEqual(expect.arrayContaining(keys));

    expect(await removeFilesOfDeletedPhotos()).toBeGreaterThanOrEqual(2);
    expect((await store.keys()).filter((key) => key.startsWith(`private/making/${id}/`))).toEqual([]);
    expect((await queued()).filter((key) => keys.includes(key))).toEqual([]);
    expect(await filesOf(kept.id)).toHaveLength(16);
    // Again: nothing left to remove, and the other order's photo is still shown.
    expect(await removeFilesOfDeletedPhotos()).toBe(0);
    expect(await filesOf(kept.id)).toHaveLength(16);
    expect((await call(kept.thumbnailUrl, { as: staff })).statusCode).toBe(200);
  });

  it("that would not go stay queued for a later run, which removes them; the run never throws", async () => {
    const id = await paidOrder(test.database);
    const photo = makingPhotosAnswer.parse((await upload(id, [{ name: "a.jpg", body: await sampleJpeg() }])).json()).photos[0]!;
    const { storageKey } = await test.database.db
      .selectFrom("makingPhotos")
      .select("storageKey")
      .where("id", "=", photo.id)
      .executeTakeFirstOrThrow();
    const remove = store.delete.bind(store);
    const unavailable = vi.spyOn(store, "delete").mockImplementation(async (key) => {
      if (key.includes(photo.id)) throw new Error("the store is unavailable");
      await remove(key);
    });
    try {
      await test.database.db.deleteFrom("orders").where("id", "=", id).execute();
      expect(await removeFilesOfDeletedPhotos()).toBe(0);
      expect(await queued()).toContain(storageKey);
      expect(await filesOf(photo.id)).toHaveLength(16);
    } finally {
      unavailable.mockRestore();
    }
    expect(await removeFilesOfDeletedPhotos()).toBe(1);
    expect(await queued()).not.toContain(storageKey);
    expect(await filesOf(photo.id)).toEqual([]);
  });
});
