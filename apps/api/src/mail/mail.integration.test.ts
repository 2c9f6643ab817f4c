import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { startTestSmtpServer, type TestSmtpServer } from "@workshop/testing/smtp-server.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { jobs, startJobs, stopJobs } from "#server/jobs/index.ts";
import { dataDir } from "#server/paths.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { deliverMail, type EnqueueMailInput, enqueueMail, nudgePendingMail, useMailSettings } from "./index.ts";
import { testOrder } from "./test-order.ts";

let database: DatabaseHandle;
let smtp: TestSmtpServer;
const wait = { timeout: 10_000, interval: 50 };

// The first two attempts to any "busy-…" address are refused with a temporary error.
const refuse = (address: string, attempt: number) => address.startsWith("busy-") && attempt <= 2;

async function row(dedupeKey: string) {
  return database.db.selectFrom("mailOutbox").selectAll().where("dedupeKey", "=", dedupeKey).executeTakeFirst();
}

function orderReceived(dedupeKey: string, to: string, locale: string, order = testOrder({ locale })): EnqueueMailInput {
  return { dedupeKey, template: "order-received", locale, to, vars: { order } };
}

beforeAll(async () => {
  database = await freshDatabase();
  smtp = await startTestSmtpServer({ refuse });
  // Retries one second apart here (in production: 30 s doubling), picked up by a fast poll. No cron
  // passes: the every-minute sweep must not deliver the rows the tests below hand to deliverMail.
  await startJobs({
    boss: { schedule: false },
    overrides: {
      "mail-deliver": {
        queue: { retryDelay: 1, retryBackoff: true, retryDelayMax: 1 },
        work: { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
      },
    },
  });
});
beforeEach(() => useMailSettings({ smtpUrl: smtp.url }));
afterAll(async () => {
  useMailSettings();
  await stopJobs();
  await smtp?.close();
  await database.close();
});

describe("mail over SMTP", () => {
  it("delivers order-received in English: subject, recipient, body in text and HTML", async () => {
    expect(await enqueueMail(orderReceived("en-1", "anna@example.com", "en"))).toBe(true);
    await vi.waitFor(() => expect(smtp.to("anna@example.com")).toHaveLength(1), wait);
    const [mail] = smtp.to("anna@example.com");
    expect(mail!.subject).toBe("Order RT-240517-K3QZ received — Rumah Topi");
    expect(mail!.headers.get("from")).toBe("Rumah Topi <hello@rumahtopi.com>");
    expect(mail!.envelopeFrom).toBe("hello@rumahtopi.com");
    expect(mail!.headers.get("to")).toBe("anna@example.com");
    expect(mail!.text).toMatch(/^Hello,\n/);
    expect(mail!.text).toContain("Total: $215.00 (Rp 3.607.100)");
    expect(mail!.text).toContain("http://localhost:3000/orders/tok_9f8e7d6c5b4a");
    expect(mail!.html).toContain('href="http://localhost:3000/orders/tok_9f8e7d6c5b4a"');

    await vi.waitFor(async () => expect((await row("en-1"))?.status).toBe("sent"), wait);
    const stored = await row("en-1");
    expect(stored).toMatchObject({ attempts: 1, lastError: null, locale: "en", template: "order-received", to: "anna@example.com" });
    expect(stored!.sentAt).toBeInstanceOf(Date);
  });

  it("delivers order-received in Russian, with the cash-in-store visit instructions", async () => {
    const order = testOrder({
      locale: "ru",
      paymentMethod: "CASH_IN_STORE",
      deliveryOption: "PICKUP",
      deliveryCostCents: 0,
      totalCents: 18_500,
      totalIdr: 3_103_800,
    });
    await enqueueMail(orderReceived("ru-1", "ivan@example.com", "ru", order));
    await vi.waitFor(() => expect(smtp.to("ivan@example.com")).toHaveLength(1), wait);
    const [mail] = smtp.to("ivan@example.com");
    expect(mail!.subject).toBe("Заказ RT-240517-K3QZ принят — Rumah Topi");
    for (const part of [
      "Здравствуйте!",
      "Итого: $185.00 (Rp 3.103.800)",
      "Оплата в мастерской",
      "Jl. Raya Mas No. 88",
      "в течение 7 дней",
      "5–10 рабочих дней",
    ]) {
      expect(mail!.text).toContain(part);
    }
    expect(mail!.html).toContain('<html lang="ru">');
    expect(mail!.html).toContain("Оплата в мастерской");
  });

  it("queues a dedupe key once, however often and however concurrently it is enqueued", async () => {
    const input = orderReceived("dup-1", "dup@example.com", "en");
    const results = await Promise.all(Array.from({ length: 5 }, () => enqueueMail(input)));
    expect(results.filter(Boolean)).toHaveLength(1);
    await vi.waitFor(async () => expect((await row("dup-1"))?.status).toBe("sent"), wait);
    expect(await enqueueMail(input)).toBe(false);
    expect(await database.db.selectFrom("mailOutbox").selectAll().where("dedupeKey", "=", "dup-1").execute()).toHaveLength(1);
    // The one job has finished; nothing else is queued for it.
    const id = (await row("dup-1"))!.id;
    expect(await (await jobs()).findJobs("mail-deliver", { key: `mail-${id}`, queued: true })).toEqual([]);
    expect(smtp.to("dup@example.com")).toHaveLength(1);
  });

  it("retries when the server refuses, and delivers exactly once", async () => {
    await enqueueMail(orderReceived("busy-1", "busy-1@example.com", "en"));
    await vi.waitFor(async () => expect((await row("busy-1"))?.status).toBe("sent"), wait);
    expect(smtp.attempts.get("busy-1@example.com")).toBe(3);
    expect(smtp.to("busy-1@example.com")).toHaveLength(1);
    expect(await row("busy-1")).toMatchObject({ attempts: 3, lastError: null });
  });

  it("records the error of a failed attempt, and marks the mail failed after the last retry", async () => {
    await database.db
      .insertInto("mailOutbox")
      .values({
        dedupeKey: "busy-2",
        template: "order-received",
        locale: "en",
        to: "busy-2@example.com",
        subject: "s",
        text: "t",
        html: "h",
      })
      .execute();
    const id = (await row("busy-2"))!.id;
    await expect(deliverMail({ outboxId: id }, { retryCount: 0, retryLimit: 8 })).rejects.toThrow();
    expect(await row("busy-2")).toMatchObject({ status: "pending", attempts: 1 });
    expect((await row("busy-2"))!.lastError).toMatch(/451|busy/i);
    await expect(deliverMail({ outboxId: id }, { retryCount: 8, retryLimit: 8 })).rejects.toThrow();
    expect(await row("busy-2")).toMatchObject({ status: "failed", attempts: 2 });
    // A failed mail is not tried again.
    await deliverMail({ outboxId: id }, { retryCount: 8, retryLimit: 8 });
    expect(smtp.attempts.get("busy-2@example.com")).toBe(2);
  });

  it("never sends a mail twice, even when its job runs twice at once or again later", async () => {
    await database.db
      .insertInto("mailOutbox")
      .values({
        dedupeKey: "twice-1",
        template: "order-received",
        locale: "en",
        to: "twice@example.com",
        subject: "Twice",
        text: "t",
        html: "<p>h</p>",
      })
      .execute();
    const id = (await row("twice-1"))!.id;
    const job = { retryCount: 0, retryLimit: 8 };
    await Promise.all([deliverMail({ outboxId: id }, job), deliverMail({ outboxId: id }, job)]);
    await deliverMail({ outboxId: id }, job);
    expect(smtp.to("twice@example.com")).toHaveLength(1);
    expect(await row("twice-1")).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("takes over a mail left `sending` by an attempt that died, but not one another run of the same attempt holds", async () => {
    await database.db
      .insertInto("mailOutbox")
      .values({
        dedupeKey: "died-1",
        template: "order-received",
        locale: "en",
        to: "died@example.com",
        subject: "Died",
        text: "t",
        html: "h",
        status: "sending",
        attempts: 1,
      })
      .execute();
    const id = (await row("died-1"))!.id;
    await deliverMail({ outboxId: id }, { retryCount: 0, retryLimit: 8 });
    expect(smtp.to("died@example.com")).toHaveLength(0);
    await deliverMail({ outboxId: id }, { retryCount: 1, retryLimit: 8 });
    expect(smtp.to("died@example.com")).toHaveLength(1);
    expect(await row("died-1")).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("escapes a customer's name in the HTML of the shop's copy, and leaves it out of the customer's mail", async () => {
    const order = testOrder({ shippingAddress: { ...testOrder().shippingAddress, fullName: "<script>alert(1)</script>" } });
    await enqueueMail({ dedupeKey: "xss-shop-1", template: "shop-new-order", locale: "en", to: "xss-shop@example.com", vars: { order } });
    await enqueueMail(orderReceived("xss-1", "xss@example.com", "en", order));
    await vi.waitFor(() => expect(smtp.to("xss-shop@example.com")).toHaveLength(1), wait);
    const [copy] = smtp.to("xss-shop@example.com");
    expect(copy!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(copy!.html).not.toContain("<script>");
    expect(copy!.text).toContain("<script>alert(1)</script>");
    await vi.waitFor(() => expect(smtp.to("xss@example.com")).toHaveLength(1), wait);
    const [mail] = smtp.to("xss@example.com");
    expect(`${mail!.text}${mail!.html}`).not.toContain("alert(1)");
  });

  it("stores the mail and its job in the caller's transaction: both or neither", async () => {
    await expect(
      database.db.transaction().execute(async (tx) => {
        await enqueueMail(orderReceived("tx-rolled-back", "tx-no@example.com", "en"), { tx });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await database.db.transaction().execute(async (tx) => {
      await enqueueMail(orderReceived("tx-committed", "tx-yes@example.com", "en"), { tx });
    });
    await vi.waitFor(() => expect(smtp.to("tx-yes@example.com")).toHaveLength(1), wait);
    expect(await row("tx-rolled-back")).toBeUndefined();
    expect(smtp.to("tx-no@example.com")).toHaveLength(0);
  });

  it("gives a pending mail without a job one on the every-minute sweep", async () => {
    const boss = await jobs();
    expect((await boss.getSchedules("mail-sweep")).map((s) => s.cron)).toEqual(["* * * * *"]);
    await database.db
      .insertInto("mailOutbox")
      .values({
        dedupeKey: "orphan-1",
        template: "payment-failed",
        locale: "en",
        to: "orphan@example.com",
        subject: "Orphan",
        text: "t",
        html: "h",
      })
      .execute();
    expect(await nudgePendingMail()).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(smtp.to("orphan@example.com")).toHaveLength(1), wait);
    // Nudging again while nothing is pending queues nothing.
    await vi.waitFor(async () => expect((await row("orphan-1"))?.status).toBe("sent"), wait);
    expect(await nudgePendingMail()).toBe(0);
  });
});

describe("mail without SMTP", () => {
  it("keeps the mail in the outbox and writes it as an .eml file under DATA_DIR/mail", async () => {
    useMailSettings({ smtpUrl: undefined });
    await enqueueMail({
      dedupeKey: "kept-1",
      template: "payment-confirmed",
      locale: "ru",
      to: "kept@example.com",
      vars: { order: testOrder() },
    });
    await vi.waitFor(async () => expect((await row("kept-1"))?.status).toBe("kept"), wait);
    const stored = await row("kept-1");
    expect(stored).toMatchObject({ sentAt: null, attempts: 1, subject: "Оплата заказа RT-240517-K3QZ получена" });
    const dir = path.join(dataDir(), "mail");
    const file = path.join(dir, `${String(stored!.id).padStart(6, "0")}-payment-confirmed.eml`);
    expect(await readdir(dir)).toContain(path.basename(file));
    const eml = await readFile(file, "utf8");
    expect(eml).toMatch(/^To: kept@example.com$/m);
    expect(eml).toMatch(/^From: Rumah Topi <hello@rumahtopi.com>$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).toContain("Content-Type: text/html");
    expect(smtp.to("kept@example.com")).toHaveLength(0);
  });
});
