import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { customOrderSchema } from "@workshop/domain/validation/custom-order.ts";
import { decodedMail, keptMail } from "@workshop/testing/kept-mail.ts";
import { readMime, startTestSmtpServer, type TestSmtpServer } from "@workshop/testing/smtp-server.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { config } from "#server/config.ts";
import { MAX_WAITING_PHOTOS, readReferencePhoto, storeReferencePhotos } from "#server/custom-orders/reference-photos.ts";
import { isValidPhotoLink, photoLink } from "#server/custom-orders/signed-links.ts";
import { listCustomOrders, viewDefaults } from "#server/custom-orders/spec-view.ts";
import { photoUnusable, submitCustomOrder } from "#server/custom-orders/submit.ts";
import { type DatabaseHandle, getDb } from "#server/db/client.ts";
import { deliverMail, useMailSettings } from "#server/mail/index.ts";
import type { DiskStorage } from "#server/media/disk-storage.ts";
import { useTempStorage } from "#test-support/temp-storage.ts";
import { freshDatabase } from "#test-support/test-db.ts";

/** Each upload from an address of its own, so no test meets the per-client share of waiting photos. */
let visitors = 0;
const newVisitor = () => `198.51.100.${++visitors}`;

let database: DatabaseHandle;
let store: DiskStorage;
let smtp: TestSmtpServer;
beforeAll(async () => {
  database = await freshDatabase();
  smtp = await startTestSmtpServer();
  store = await useTempStorage("custom-orders");
});
afterAll(async () => {
  useMailSettings();
  await smtp?.close();
  await database.close();
});

const request = (extra: Record<string, unknown> = {}) =>
  customOrderSchema.parse({
    name: "Ayu Lestari",
    email: "ayu@example.com",
    hatType: "Fedora",
    material: "Straw",
    size: "58 cm",
    details: "A fedora with a wide band",
    timeline: "3-4 weeks",
    ...extra,
  });

const count = async () => (await (await getDb()).selectFrom("customOrders").selectAll().execute()).length;

describe("custom order requests", () => {
  it("stores a request with status NEW and its photos, and queues the customer's mail in their language and the shop's copy", async () => {
    const [a, b] = await storeReferencePhotos(
      [
        { name: "a.jpg", body: await sampleJpeg() },
        { name: "b.jpg", body: await sampleJpeg(80, 60) },
      ],
      newVisitor(),
    );
    const id = await submitCustomOrder(request({ budget: "$150-300", referenceImages: [b!.id, a!.id] }), "ru");
    const db = await getDb();
    const [row] = await db.selectFrom("customOrders").selectAll().where("id", "=", id).execute();
    expect(row).toMatchObject({ status: "NEW", name: "Ayu Lestari", locale: "ru", budgetMin: 150, budgetMax: 300, adminNotes: "" });
    const photos = await db.selectFrom("customOrderPhotos").selectAll().where("customOrderId", "=", id).orderBy("position").execute();
    expect(photos.map((p) => p.id)).toEqual([b!.id, a!.id]);
    expect(photos.every((p) => p.storageKey.startsWith("private/custom-orders/"))).toBe(true);
    const mails = await db.selectFrom("mailOutbox").selectAll().where("customOrderId", "=", id).execute();
    const byTemplate = Object.fromEntries(mails.map((m) => [m.template, m]));
    expect(byTemplate["custom-order-received"]).toMatchObject({ to: "ayu@example.com", locale: "ru" });
    expect(byTemplate["custom-order-received"]?.text).toContain("в течение 48 часов");
    expect(byTemplate["shop-custom-order"]).toMatchObject({ to: config().SHOP_MAIL_TO, locale: "en" });
  });

  it("delivers the shop's copy with Reply-To the customer, and the customer's acknowledgement to them", async () => {
    useMailSettings({ smtpUrl: smtp.url });
    const id = await submitCustomOrder(request({ name: "Budi Santoso", email: "budi@example.com" }), "en");
    const mails = await (await getDb()).selectFrom("mailOutbox").selectAll().where("customOrderId", "=", id).execute();
    for (const mail of mails) await deliverMail({ outboxId: mail.id }, { retryCount: 0, retryLimit: 8 });
    const [shopCopy] = smtp.to(config().SHOP_MAIL_TO).filter((m) => m.subject.includes(`#C${id} `));
    expect(shopCopy!.headers.get("reply-to")).toBe("Budi Santoso <budi@example.com>");
    const [ack] = smtp.to("budi@example.com");
    expect(ack!.subject).toBe(`Your custom hat request #C${id} — Rumah Topi`);
    useMailSettings();
  });

  it("mails the customer nothing the sender typed (anyone may give another's address); the shop's copy keeps it all", async () => {
    const kept = await mkdtemp(path.join(tmpdir(), "custom-orders-mail-"));
    useMailSettings({ smtpUrl: undefined, keptDir: path.join(kept, "mail") });
    const marker = "Qx7Marker";
    const link = "https://claim-prize.example/win";
    for (const locale of ["en", "ru"] as const) {
      const id = await submitCustomOrder(
        request({
          name: `${marker} Visit ${link}`,
          email: `someone-else-${locale}@example.com`,
          phone: `${marker} 1`,
          size: `${marker} ${link}`,
          color: `${marker} ${link}`,
          budget: `${marker} ${link}`,
          details: `${marker}: your account is locked, open ${link} <a href="${link}">here</a>`,
        }),
        locale,
      );
      const mails = await (await getDb()).selectFrom("mailOutbox").selectAll().where("customOrderId", "=", id).execute();
      for (const mail of mails) await deliverMail({ outboxId: mail.id }, { retryCount: 0, retryLimit: 8 });
    }
    useMailSettings();
    const toCustomer = await keptMail(kept, "custom-order-received");
    expect(toCustomer).toHaveLength(2);
    for (const eml of toCustomer) {
      const mail = readMime(eml);
      // Every reading of the file: as stored, quoted-printable decoded, and each decoded part and header.
      for (const reading of [eml, decodedMail(eml), mail.subject, mail.text, mail.html, [...mail.headers.values()].join("\n")]) {
        expect(reading).not.toContain(marker);
        expect(reading).not.toContain("claim-prize");
      }
      expect(mail.subject).toMatch(/#C\d+/);
    }
    expect(readMime(toCustomer[0]!).text).toContain("within 48 hours");
    expect(readMime(toCustomer[1]!).text).toContain("в течение 48 часов");
    const shopCopies = (await keptMail(kept, "shop-custom-order")).map(readMime);
    expect(shopCopies).toHaveLength(2);
    for (const copy of shopCopies) {
      expect(copy.subject).toContain(marker);
      expect(copy.text).toContain(`${marker}: your account is locked, open ${link}`);
      expect(copy.html).toContain(`&lt;a href=&quot;${link}&quot;&gt;`);
    }
  });

  it("attaches an uploaded photo to one request only: a second use, or an unknown id, refuses the whole request", async () => {
    const [photo] = await storeReferencePhotos([{ name: "a.jpg", body: await sampleJpeg() }], newVisitor());
    await submitCustomOrder(request({ referenceImages: [photo!.id] }), "en");
    const before = await count();
    await expect(submitCustomOrder(request({ referenceImages: [photo!.id] }), "en")).rejects.toThrow(photoUnusable);
    await expect(submitCustomOrder(request({ referenceImages: ["x".repeat(32)] }), "en")).rejects.toThrow(photoUnusable);
    expect(await count()).toBe(before);
  });

  it("keeps photos private: /media never serves them, whatever the key", async () => {
    const [photo] = await storeReferencePhotos([{ name: "a.jpg", body: await sampleJpeg() }], newVisitor());
    const [row] = await (await getDb()).selectFrom("customOrderPhotos").selectAll().where("id", "=", photo!.id).execute();
    const stem = row!.storageKey.replace(/\.jpg$/, "");
    const app = await buildApp({ dev: false, logger: false });
    try {
      expect((await app.inject(`/media/640/${stem}.jpg`)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    expect((await readReferencePhoto(photo!.id))?.contentType).toBe("image/jpeg");
  });

  it("refuses a file that is no image, storing nothing", async () => {
    const files = async () => (await readdir(store.root, { recursive: true }).catch(() => [])).length;
    const before = await files();
    await expect(storeReferencePhotos([{ name: "cv.jpg", body: Buffer.from("%PDF-1.7\n1 0 obj\n") }], newVisitor())).rejects.toThrow(
      "Only JPG, PNG, WebP, and GIF images are allowed.",
    );
    expect(await files()).toBe(before);
  });

  it("keeps at most 1,000 photos waiting for a request: past that a new visitor's are still taken, the oldest of whoever holds most dropped", async () => {
    const db = await getDb();
    const waiting = async () => (await db.selectFrom("customOrderPhotos").selectAll().where("customOrderId", "is", null).execute()).length;
    const fill = MAX_WAITING_PHOTOS - (await waiting()) - 1;
    const filler = Array.from({ length: fill }, (_, i) => ({
      id: `filler${String(i).padStart(26, "0")}`,
      storageKey: `private/custom-orders/filler-${i}.jpg`,
      contentType: "image/jpeg",
      client: "192.0.2.99",
      createdAt: new Date(Date.now() - 60_000 + i),
    }));
    await db.insertInto("customOrderPhotos").values(filler).execute();
    const jpeg = await sampleJpeg();
    // One place left: two photos are taken, the filler's oldest photo is dropped for them.
    const two = [
      { name: "a.jpg", body: jpeg },
      { name: "b.jpg", body: jpeg },
    ];
    expect(await storeReferencePhotos(two, newVisitor())).toHaveLength(2);
    expect(await waiting()).toBe(MAX_WAITING_PHOTOS);
    const dropped = await db.selectFrom("customOrderPhotos").select("id").where("id", "=", filler[0]!.id).execute();
    expect(dropped).toEqual([]);
    expect(await storeReferencePhotos([{ name: "c.jpg", body: jpeg }], newVisitor())).toHaveLength(1);
    expect(await waiting()).toBe(MAX_WAITING_PHOTOS);
    await db.deleteFrom("customOrderPhotos").where("id", "like", "filler%").execute();
  });

  it("lists the admin view with SPEC 3's display defaults and signed links to the photos", async () => {
    const [photo] = await storeReferencePhotos([{ name: "a.jpg", body: await sampleJpeg() }], newVisitor());
    const id = await submitCustomOrder(request({ size: "M", referenceImages: [photo!.id] }), "en");
    const { customOrders: list, pagination } = await listCustomOrders(1, 10);
    expect(pagination).toMatchObject({ page: 1, limit: 10, total: await count() });
    const view = list.find((v) => v.id === id)!;
    expect(view).toMatchObject({
      status: "NEW",
      phone: viewDefaults.phone,
      colors: "To be discussed",
      materials: "Straw",
      size: "M",
      budgetMin: 100,
      budgetMax: 500,
      timeline: "3-4 weeks",
      description: "A fedora with a wide band",
    });
    expect(view.referenceImages).toHaveLength(1);
    const link = new URL(view.referenceImages[0]!, "http://shop.test");
    expect(link.pathname).toBe(`/api/custom-orders/photos/${photo!.id}`);
    expect(isValidPhotoLink(photo!.id, link.searchParams.get("expires"), link.searchParams.get("sig"))).toBe(true);
  });
});

describe("signed photo links", () => {
  const id = "A".repeat(32);
  const parts = (link: string) => {
    const url = new URL(link, "http://shop.test");
    return [url.searchParams.get("expires"), url.searchParams.get("sig")] as const;
  };

  it("expire: valid until their time, refused after it", () => {
    const now = Date.now();
    const [expires, sig] = parts(photoLink(id, now, 60));
    expect(isValidPhotoLink(id, expires, sig, now + 59_000)).toBe(true);
    expect(isValidPhotoLink(id, expires, sig, now + 61_000)).toBe(false);
  });

  it("refuse tampering: another id, a later expiry, a changed or missing signature", () => {
    const [expires, sig] = parts(photoLink(id));
    expect(isValidPhotoLink("B".repeat(32), expires, sig)).toBe(false);
    expect(isValidPhotoLink(id, String(Number(expires) + 3600), sig)).toBe(false);
    expect(isValidPhotoLink(id, expires, `${sig!.slice(0, -1)}${sig!.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(isValidPhotoLink(id, expires, null)).toBe(false);
    expect(isValidPhotoLink(id, "soon", sig)).toBe(false);
  });
});
