import { randomBytes } from "node:crypto";
import { customOrderSchema } from "@workshop/domain/validation/custom-order.ts";
import { customRequest } from "@workshop/testing/custom-request.ts";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#server/db/client.ts";
import type { DiskStorage } from "#server/media/disk-storage.ts";
import { useTempStorage } from "#test-support/temp-storage.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { MAX_WAITING_PHOTOS_PER_CLIENT, readReferencePhoto } from "./reference-photos.ts";
import { submitCustomOrder } from "./submit.ts";

// A room of 1 MB, so a hundred addresses overflow it many times over.
const ROOM = 1024 * 1024;
process.env.REFERENCE_PHOTOS_ROOM_MB = "1";
// Each address's requests come through the shop, which names it in X-Forwarded-For.
process.env.TRUST_PROXY = "loopback";

let store: DiskStorage;
let app: FastifyInstance;
let test: TestApp;
let photo: Buffer;
beforeAll(async () => {
  ({ app } = test = await startTestApp());
  store = await useTempStorage("reference-flood");
  // Noise keeps its bytes through the re-encoding: one photo, stored the same each time.
  photo = await sharp(randomBytes(160 * 160 * 3), { raw: { width: 160, height: 160, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
});
afterAll(async () => {
  await test?.close();
});

/** POST /api/custom-orders/uploads with `count` photos from an address, as the shop forwards it. */
async function upload(ip: string, count = 3) {
  const form = new FormData();
  for (let i = 0; i < count; i++) form.append("files", new File([new Uint8Array(photo)], `p${i}.jpg`, { type: "image/jpeg" }));
  const encoded = new Response(form);
  const response = await app.inject({
    method: "POST",
    url: "http://shop.test/api/custom-orders/uploads",
    headers: { "content-type": encoded.headers.get("content-type")!, "x-forwarded-for": ip },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { status: response.statusCode, ids: response.statusCode === 201 ? (response.json() as { id: string }[]).map((p) => p.id) : [] };
}

const waiting = async () => (await getDb()).selectFrom("customOrderPhotos").selectAll().where("customOrderId", "is", null).execute();
const waitingBytes = async () => (await waiting()).reduce((sum, p) => sum + (p.bytes ?? 0), 0);
const readable = async (ids: string[]) => (await Promise.all(ids.map(readReferencePhoto))).every((p) => p !== null);

describe("the room for reference photos under a flood from many addresses", () => {
  it("drops the photos of whoever holds most first: a customer's one photo outlasts a flood of threes", async () => {
    const customer = await upload("198.51.100.1", 1);
    expect(customer.status).toBe(201);
    const size = (await waiting())[0]!.bytes!;
    expect(size).toBeGreaterThan(10_000);
    const fits = Math.floor(ROOM / size);
    // Enough addresses to overflow the room by a few uploads, not so many that all hold one photo.
    for (let i = 0; i < Math.ceil(fits / 3) + 3; i++) expect((await upload(`203.0.113.${i + 1}`)).status).toBe(201);
    expect((await waiting()).length).toBe(fits);
    expect(await readable(customer.ids)).toBe(true);
  });

  it("lets every visitor of a hundred addresses upload, keeps the room's bytes, removes the dropped files, and never drops a taken photo", async () => {
    // A request already took these: they are not waiting, whatever comes.
    const taker = await upload("198.51.100.2");
    await submitCustomOrder(customOrderSchema.parse({ ...customRequest, referenceImages: taker.ids }), "en");

    // Each address sends its whole share (five uploads of three): 1,500 photos, past the room's count too.
    let last: string[] = [];
    for (let i = 0; i < 100; i++) {
      for (let round = 0; round < MAX_WAITING_PHOTOS_PER_CLIENT / 3; round++) {
        const visitor = await upload(`192.0.2.${i + 1}`);
        expect(visitor.status, `address ${i + 1}, upload ${round + 1}`).toBe(201);
        last = visitor.ids;
      }
      expect(await waitingBytes()).toBeLessThanOrEqual(ROOM);
    }
    expect(await readable(last)).toBe(true);
    expect(await readable(taker.ids)).toBe(true);
    // The files on disk are the photos still kept: those of the dropped rows are gone.
    const rows = await (await getDb()).selectFrom("customOrderPhotos").select("storageKey").execute();
    expect((await store.keys()).sort()).toEqual(rows.map((r) => r.storageKey).sort());

    // A newcomer after the flood uploads and sends a request with the photos.
    const newcomer = await upload("2001:db8:ffff::1");
    expect(newcomer.status).toBe(201);
    const request = await submitCustomOrder(customOrderSchema.parse({ ...customRequest, referenceImages: newcomer.ids }), "en");
    expect(request).toBeGreaterThan(0);
  });
});
