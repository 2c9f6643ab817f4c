import { access } from "node:fs/promises";
import path from "node:path";
import { customOrderSchema } from "@workshop/domain/validation/custom-order.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardCounts } from "#server/admin-orders/dashboard.ts";
import type { Actor } from "#server/audit/actor.ts";
import { type DatabaseHandle, getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import type { DiskStorage } from "#server/media/disk-storage.ts";
import { useTempStorage } from "#test-support/temp-storage.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { moveCustomOrder } from "./move.ts";
import { removeUnattachedPhotos } from "./photo-cleanup.ts";
import { storeReferencePhotos } from "./reference-photos.ts";
import { listCustomOrders } from "./spec-view.ts";
import { changeCustomOrderStatus, contactCustomer, customOrderDetail, customOrderId, notesVersion, saveAdminNotes } from "./staff-work.ts";
import { canMoveCustomOrder, customOrderMoves } from "./status.ts";
import { submitCustomOrder } from "./submit.ts";

/** Each upload from an address of its own, so no test meets the per-client share of waiting photos. */
let visitors = 0;
const newVisitor = () => `198.51.100.${++visitors}`;

let database: DatabaseHandle;
let store: DiskStorage;
beforeAll(async () => {
  database = await freshDatabase();
  store = await useTempStorage("custom-staff");
});
afterAll(async () => {
  await database.close();
});

const staff: Actor = { staffId: null, label: "made@workshop.test", role: "staff", ip: "203.0.113.9" };
const other: Actor = { staffId: null, label: "ayu@workshop.test", role: "owner", ip: "203.0.113.10" };

const submit = (extra: Record<string, unknown> = {}, locale = "en") =>
  submitCustomOrder(
    customOrderSchema.parse({
      name: "Wayan Sari",
      email: "wayan@example.com",
      hatType: "Panama Hat",
      material: "Woven Palm Leaf",
      size: "57 cm",
      details: "A panama like my grandfather's",
      timeline: "Flexible",
      ...extra,
    }),
    locale as "en" | "ru",
  );

/** The refusal code an AppError carries (status.ts, staff-work.ts). */
async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return ((error as AppError).details as { code?: string } | undefined)?.code;
}

const statusOf = async (id: number) =>
  (await (await getDb()).selectFrom("customOrders").select("status as s").where("id", "=", id).executeTakeFirst())?.s;

const auditOf = async (id: number) =>
  (await getDb())
    .selectFrom("auditLog")
    .selectAll()
    .where("recordType", "=", "custom-order")
    .where("recordId", "=", String(id))
    .orderBy("id")
    .execute();

describe("the custom request's status machine", () => {
  it("allows forward moves, CANCELLED from any open state, nothing from COMPLETED or CANCELLED", () => {
    expect(customOrderMoves("NEW")).toEqual(["CONTACTED", "QUOTED", "IN_PROGRESS", "CANCELLED"]);
    expect(canMoveCustomOrder("QUOTED", "IN_PROGRESS")).toBe(true);
    expect(canMoveCustomOrder("IN_PROGRESS", "COMPLETED")).toBe(true);
    for (const open of ["NEW", "CONTACTED", "QUOTED", "IN_PROGRESS"]) expect(canMoveCustomOrder(open, "CANCELLED"), open).toBe(true);
    expect(canMoveCustomOrder("NEW", "COMPLETED")).toBe(false);
    expect(canMoveCustomOrder("QUOTED", "CONTACTED")).toBe(false);
    expect(canMoveCustomOrder("IN_PROGRESS", "NEW")).toBe(false);
    expect(customOrderMoves("COMPLETED")).toEqual([]);
    expect(customOrderMoves("CANCELLED")).toEqual([]);
    expect(canMoveCustomOrder("NEW", "SHIPPED")).toBe(false);
  });

  it("moves a request along NEW → CONTACTED → QUOTED → IN_PROGRESS → COMPLETED, each move audited with who, before and after", async () => {
    const id = await submit();
    for (const [from, to] of [
      ["NEW", "CONTACTED"],
      ["CONTACTED", "QUOTED"],
      ["QUOTED", "IN_PROGRESS"],
      ["IN_PROGRESS", "COMPLETED"],
    ] as const) {
      expect(await changeCustomOrderStatus(id, to, from, staff)).toBe(to);
      expect(await statusOf(id)).toBe(to);
    }
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.actor, a.before, a.after, a.ip])).toEqual([
      ["custom-order-status", staff.label, { status: "NEW" }, { status: "CONTACTED" }, staff.ip],
      ["custom-order-status", staff.label, { status: "CONTACTED" }, { status: "QUOTED" }, staff.ip],
      ["custom-order-status", staff.label, { status: "QUOTED" }, { status: "IN_PROGRESS" }, staff.ip],
      ["custom-order-status", staff.label, { status: "IN_PROGRESS" }, { status: "COMPLETED" }, staff.ip],
    ]);
    // Final: nothing more, and the page offers nothing.
    expect(await refusal(changeCustomOrderStatus(id, "CANCELLED", "COMPLETED", staff))).toBe("move-not-allowed");
    expect((await customOrderDetail(id))?.moves).toEqual([]);
  });

  it("refuses a move backwards, an unknown status and a stale form, changing nothing and writing no audit row", async () => {
    const id = await submit();
    await changeCustomOrderStatus(id, "QUOTED", "NEW", staff);
    expect(await refusal(changeCustomOrderStatus(id, "CONTACTED", "QUOTED", staff))).toBe("move-not-allowed");
    expect(await refusal(changeCustomOrderStatus(id, "SHIPPED", "QUOTED", staff))).toBe("unknown-status");
    // Another person's form was shown while the request was NEW: it is QUOTED now.
    expect(await refusal(changeCustomOrderStatus(id, "CANCELLED", "NEW", other))).toBe("stale");
    expect(await statusOf(id)).toBe("QUOTED");
    expect((await auditOf(id)).length).toBe(1);
    // CANCELLED from an open state, then final.
    await changeCustomOrderStatus(id, "CANCELLED", "QUOTED", other);
    expect(await refusal(changeCustomOrderStatus(id, "IN_PROGRESS", "CANCELLED", staff))).toBe("move-not-allowed");
    await expect(changeCustomOrderStatus(999_999, "CONTACTED", "NEW", staff)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("moveCustomOrder runs in the caller's transaction: rolled back with it, and two moves from the same state make one", async () => {
    const id = await submit();
    const db = await getDb();
    await expect(
      db.transaction().execute(async (tx) => {
        await moveCustomOrder(tx, id, "NEW", "QUOTED", staff);
        throw new Error("the quote could not be saved");
      }),
    ).rejects.toThrow("the quote could not be saved");
    expect(await statusOf(id)).toBe("NEW");
    expect((await auditOf(id)).length).toBe(0);

    const both = await Promise.allSettled([
      db.transaction().execute((tx) => moveCustomOrder(tx, id, "NEW", "QUOTED", staff)),
      db.transaction().execute((tx) => moveCustomOrder(tx, id, "NEW", "CONTACTED", other)),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = both.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as AppError).details).toEqual({ code: "stale" });
    expect((await auditOf(id)).length).toBe(1);
  });
});

describe("Admin Notes", () => {
  it("saves the notes (audited), says when nothing changed, and refuses a save over someone else's newer notes", async () => {
    const id = await submit();
    const shown = await customOrderDetail(id);
    expect(shown?.request.adminNotes).toBe("");
    expect(await saveAdminNotes(id, "Called her: wants a 7 cm brim.\r\nQuote by Friday.", shown!.request.notesVersion, staff)).toEqual({
      changed: true,
    });
    const saved = await customOrderDetail(id);
    expect(saved?.request.adminNotes).toBe("Called her: wants a 7 cm brim.\nQuote by Friday.");
    expect(await saveAdminNotes(id, saved!.request.adminNotes, saved!.request.notesVersion, staff)).toEqual({ changed: false });

    // A second person had the page open from before the save: their save is refused, the notes kept.
    expect(await refusal(saveAdminNotes(id, "Brim 5 cm", shown!.request.notesVersion, other))).toBe("stale-notes");
    expect((await customOrderDetail(id))?.request.adminNotes).toBe(saved!.request.adminNotes);
    expect(await refusal(saveAdminNotes(id, "x".repeat(10_001), saved!.request.notesVersion, staff))).toBe("too-long");

    const audit = (await auditOf(id)).filter((a) => a.action === "custom-order-notes");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: staff.label, before: { notes: "" }, after: { notes: saved!.request.adminNotes } });
    expect(notesVersion("a")).not.toBe(notesVersion("b"));
    await expect(saveAdminNotes(999_999, "x", notesVersion(""), staff)).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("Contact Customer", () => {
  it("queues the e-mail in the request's language, kept on the request with its send state, once per form, audited", async () => {
    const id = await submit({ name: "Ольга", email: "olga@example.com" }, "ru");
    const nonce = "form-nonce-0123456789";
    expect(await contactCustomer(id, { subject: "", text: "Здравствуйте!\n\nМожем сделать к 20 декабря.", nonce }, staff)).toEqual({
      ok: true,
      queued: true,
    });
    expect(await contactCustomer(id, { subject: "", text: "Здравствуйте!", nonce }, staff)).toEqual({ ok: true, queued: false });

    const db = await getDb();
    const mails = await db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("customOrderId", "=", id)
      .where("template", "=", "custom-order-message")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "olga@example.com",
      locale: "ru",
      subject: `Ваша заявка на шляпу на заказ #C${id}`,
      status: "pending",
    });
    expect(mails[0]!.text).toContain("Можем сделать к 20 декабря.");
    expect(mails[0]!.text).toContain(`Это письмо о вашей заявке на шляпу на заказ #C${id} (Panama Hat).`);

    const detail = await customOrderDetail(id);
    const listed = detail!.mails.find((m) => m.template === "custom-order-message");
    expect(listed).toMatchObject({ id: mails[0]!.id, status: "pending", subject: mails[0]!.subject, to: "olga@example.com" });
    // The customer's acknowledgement and the shop's copy are on the request too.
    expect(detail!.mails.map((m) => m.template).sort()).toEqual(["custom-order-message", "custom-order-received", "shop-custom-order"]);
    const audit = (await auditOf(id)).filter((a) => a.action === "custom-order-email");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ mailId: mails[0]!.id, to: "olga@example.com", subject: mails[0]!.subject, locale: "ru" });

    // The send state shown is the outbox's.
    await db
      .updateTable("mailOutbox")
      .set({ status: "failed", lastError: "550 mailbox unavailable" })
      .where("id", "=", mails[0]!.id)
      .execute();
    expect((await customOrderDetail(id))!.mails.find((m) => m.id === mails[0]!.id)).toMatchObject({
      status: "failed",
      lastError: "550 mailbox unavailable",
    });
  });

  it("an English request gets an English mail with the subject as typed; blank text or a bad nonce queue nothing", async () => {
    const id = await submit();
    expect(
      await contactCustomer(id, { subject: "  Your panama\n quote ", text: "Hello Wayan", nonce: "another-nonce-0123456789" }, staff),
    ).toEqual({ ok: true, queued: true });
    const [mail] = await (await getDb())
      .selectFrom("mailOutbox")
      .selectAll()
      .where("customOrderId", "=", id)
      .where("template", "=", "custom-order-message")
      .execute();
    expect(mail).toMatchObject({ subject: "Your panama quote", locale: "en" });
    expect(mail!.text).toContain(`This message is about your custom hat request #C${id} (Panama Hat).`);
    expect(await contactCustomer(id, { subject: "", text: "   ", nonce: "third-nonce-0123456789" }, staff)).toEqual({
      ok: false,
      errors: { text: "required" },
    });
    expect(await contactCustomer(id, { subject: "", text: "Hi", nonce: "bad" }, staff)).toEqual({
      ok: false,
      errors: { nonce: "characters" },
    });
    await expect(contactCustomer(999_999, { subject: "", text: "Hi", nonce: "fourth-nonce-0123456789" }, staff)).rejects.toMatchObject({
      kind: "not_found",
    });
  });
});

describe("the tab's list and the dashboard", () => {
  it("filters by status and pages 10 at a time, newest first; the dashboard counts the requests still NEW", async () => {
    const db = await getDb();
    await db.deleteFrom("customOrders").execute();
    const ids: number[] = [];
    for (let i = 0; i < 13; i++) ids.push(await submit({ name: `Customer ${i}` }));
    for (const id of ids.slice(0, 3)) await changeCustomOrderStatus(id, "CONTACTED", "NEW", staff);
    await changeCustomOrderStatus(ids[3]!, "CANCELLED", "NEW", staff);

    const first = await listCustomOrders(1, 10);
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 13, totalPages: 2 });
    expect(first.customOrders.map((c) => c.id)).toEqual([...ids].reverse().slice(0, 10));
    const second = await listCustomOrders(2, 10);
    expect(second.customOrders.map((c) => c.id)).toEqual([...ids].reverse().slice(10));

    const fresh = await listCustomOrders(1, 10, "NEW");
    expect(fresh.pagination).toEqual({ page: 1, limit: 10, total: 9, totalPages: 1 });
    expect(fresh.customOrders.every((c) => c.status === "NEW")).toBe(true);
    expect((await listCustomOrders(1, 2, "CONTACTED")).pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect((await listCustomOrders(2, 2, "CONTACTED")).customOrders.map((c) => c.id)).toEqual([ids[0]]);
    expect((await listCustomOrders(1, 10, "COMPLETED")).customOrders).toEqual([]);

    expect((await dashboardCounts()).newCustomOrders).toBe(9);
    await changeCustomOrderStatus(ids[4]!, "QUOTED", "NEW", staff);
    expect((await dashboardCounts()).newCustomOrders).toBe(8);
  });

  it("reads a request id from a URL: positive integers that fit, nothing else", () => {
    expect(customOrderId("12")).toBe(12);
    for (const bad of ["0", "-1", "1.5", "abc", "99999999999", "00000000-0000-4000-8000-000000000000", "", null])
      expect(customOrderId(bad), String(bad)).toBeNull();
  });
});

describe("removing photos no request took", () => {
  const exists = (key: string) =>
    access(path.join(store.root, key)).then(
      () => true,
      () => false,
    );
  const photo = async (id: string) => (await (await getDb()).selectFrom("customOrderPhotos").selectAll().where("id", "=", id).execute())[0];
  const age = async (id: string, minutes: number) =>
    (await getDb())
      .updateTable("customOrderPhotos")
      .set({ createdAt: sql<Date>`now() - make_interval(mins => ${minutes})` })
      .where("id", "=", id)
      .execute();

  it("removes unattached photos older than an hour with their files; keeps attached ones and young ones", async () => {
    const jpeg = await sampleJpeg();
    const [old, young, taken] = await storeReferencePhotos(
      [
        { name: "old.jpg", body: jpeg },
        { name: "young.jpg", body: jpeg },
        { name: "taken.jpg", body: jpeg },
      ],
      newVisitor(),
    );
    const requestId = await submit({ referenceImages: [taken!.id] });
    await age(old!.id, 61);
    await age(taken!.id, 48 * 60);
    await age(young!.id, 59);
    const keys = {
      old: (await photo(old!.id))!.storageKey,
      young: (await photo(young!.id))!.storageKey,
      taken: (await photo(taken!.id))!.storageKey,
    };
    for (const key of Object.values(keys)) expect(await exists(key), key).toBe(true);

    expect(await removeUnattachedPhotos()).toBe(1);
    expect(await photo(old!.id)).toBeUndefined();
    expect(await exists(keys.old)).toBe(false);
    expect(await photo(young!.id)).toBeDefined();
    expect(await exists(keys.young)).toBe(true);
    expect((await photo(taken!.id))?.customOrderId).toBe(requestId);
    expect(await exists(keys.taken)).toBe(true);
    expect((await customOrderDetail(requestId))!.request.referenceImages).toHaveLength(1);
    // Run again: nothing more to do.
    expect(await removeUnattachedPhotos()).toBe(0);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "keeps a photo a request takes while the cleanup runs (the delete waits for the request and re-checks)",
    async () => {
      const [racing] = await storeReferencePhotos([{ name: "racing.jpg", body: await sampleJpeg() }], newVisitor());
      await age(racing!.id, 30 * 60);
      const key = (await photo(racing!.id))!.storageKey;
      const requestId = await submit();
      const db = await getDb();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let attached = () => {};
      const attachedNow = new Promise<void>((resolve) => {
        attached = resolve;
      });
      // A request's transaction takes the photo (as submit.ts does) and is still open…
      const request = db.transaction().execute(async (tx) => {
        await tx
          .updateTable("customOrderPhotos")
          .set({ customOrderId: requestId })
          .where("id", "=", racing!.id)
          .where(sql<boolean>`custom_order_photos.custom_order_id is null`)
          .execute();
        attached();
        await held;
      });
      await attachedNow;
      // …when the cleanup starts: its delete waits on the row, then finds it taken.
      const cleanup = removeUnattachedPhotos();
      await new Promise((r) => setTimeout(r, 300));
      release();
      await request;
      expect(await cleanup).toBe(0);
      expect((await photo(racing!.id))?.customOrderId).toBe(requestId);
      expect(await exists(key)).toBe(true);
    },
  );
});
