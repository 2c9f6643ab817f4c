import { contactSchema } from "@workshop/domain/validation/contact.ts";
import { startTestSmtpServer, type TestSmtpServer } from "@workshop/testing/smtp-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/audit/actor.ts";
import { auditEntries } from "#server/audit/log.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { deliverMail, useMailSettings } from "#server/mail/index.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { saveContactMessage } from "./contact.ts";
import { inboxPageSize, listMessages, markHandled, messageId, openMessage, replyToMessage, unreadCount } from "./inbox.ts";

let database: DatabaseHandle;
let smtp: TestSmtpServer;
const staff: Actor = { staffId: null, label: "made@workshop.test", role: "staff", ip: "203.0.113.7" };
const nonce = (n: number) => `form-nonce-${String(n).padStart(8, "0")}`;

async function send(fields: Partial<Record<"name" | "email" | "subject" | "message", string>> = {}, locale: "en" | "ru" = "en") {
  const input = contactSchema.parse({
    name: "Ayu",
    email: "ayu@example.com",
    subject: "Size 64?",
    message: "Do you make 64 cm?",
    ...fields,
  });
  return saveContactMessage(input, locale);
}

async function mailsOf(id: number) {
  return database.db.selectFrom("mailOutbox").selectAll().where("contactMessageId", "=", id).orderBy("id").execute();
}

beforeAll(async () => {
  database = await freshDatabase();
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  useMailSettings();
  await smtp?.close();
  await database.close();
});

describe("a new contact message", () => {
  it("queues the shop's copy, in English, to SHOP_MAIL_TO, with a link to the message in the inbox", async () => {
    const id = await send({ name: "Ирина", email: "irina@example.com", subject: "Шляпа", message: "Есть ли размер 60?" }, "ru");
    const [mail, ...more] = await mailsOf(id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      template: "shop-contact-message",
      dedupeKey: `shop-contact-message:${id}`,
      to: "hello@rumahtopi.com",
      locale: "en",
      status: "pending",
      subject: "Message from Ирина: Шляпа",
    });
    for (const part of ["From: Ирина <irina@example.com>", "Subject: Шляпа", "Customer's language: ru", "> Есть ли размер 60?"]) {
      expect(mail!.text).toContain(part);
    }
    expect(mail!.text).toContain(`/admin/inbox/${id}`);
  });

  it("is delivered with Reply-To the visitor, so answering the mail answers them", async () => {
    useMailSettings({ smtpUrl: smtp.url });
    const id = await send({ name: "Budi Santoso", email: "budi@example.com" });
    const [mail] = await mailsOf(id);
    await deliverMail({ outboxId: mail!.id }, { retryCount: 0, retryLimit: 8 });
    const [received] = smtp.to("hello@rumahtopi.com");
    expect(received!.headers.get("reply-to")).toBe("Budi Santoso <budi@example.com>");
    expect(received!.subject).toBe("Message from Budi Santoso: Size 64?");
    useMailSettings();
  });
});

describe("the inbox", () => {
  it("lists messages newest first, unread until opened; filters unread, open and handled; pages of 20", async () => {
    const ids: number[] = [];
    for (let i = 0; i < inboxPageSize + 3; i++) ids.push(await send({ subject: `Question ${i}` }));
    const first = await listMessages("all", 1);
    expect(first.messages).toHaveLength(inboxPageSize);
    expect(first.messages[0]!.subject).toBe(`Question ${inboxPageSize + 2}`);
    expect(first.total).toBeGreaterThanOrEqual(inboxPageSize + 3);
    const second = await listMessages("all", 2);
    expect(second.messages.map((m) => m.id)).not.toContain(first.messages[0]!.id);
    expect(second.page).toBe(2);
    expect(first.pageCount).toBe(Math.ceil(first.total / inboxPageSize));

    const unreadBefore = await unreadCount();
    await openMessage(ids[0]!, staff);
    await markHandled(ids[1]!, true, staff);
    expect(await unreadCount()).toBe(unreadBefore - 2);
    const unread = await listMessages("unread", 1);
    expect(unread.total).toBe(unreadBefore - 2);
    expect(unread.messages.every((m) => m.readAt === null)).toBe(true);
    const handled = await listMessages("handled", 1);
    expect(handled.messages.map((m) => m.id)).toEqual([ids[1]]);
    const open = await listMessages("open", 1);
    expect(open.total).toBe(first.total - 1);
    expect(open.messages.some((m) => m.id === ids[1])).toBe(false);
  });

  it("marks a message read on its first opening only", async () => {
    const id = await send();
    expect((await listMessages("unread")).messages.some((m) => m.id === id)).toBe(true);
    const opened = await openMessage(id, staff);
    expect(opened!.message).toMatchObject({ id, subject: "Size 64?", message: "Do you make 64 cm?", email: "ayu@example.com" });
    const readAt = opened!.message.readAt;
    expect(readAt).toBeInstanceOf(Date);
    expect((await listMessages("unread")).messages.some((m) => m.id === id)).toBe(false);
    const again = await openMessage(id, staff);
    expect(again!.message.readAt).toEqual(readAt);
  });

  it("knows no unknown or malformed id", async () => {
    expect(await openMessage(999_999, staff)).toBeNull();
    for (const bad of ["0", "-1", "1.5", "abc", "1e3", "99999999999", "", " 1", "01"]) expect(messageId(bad)).toBeNull();
    expect(messageId("17")).toBe(17);
    await expect(markHandled(999_999, true, staff)).rejects.toMatchObject({ kind: "not_found" });
    await expect(replyToMessage(999_999, { text: "Hi", nonce: nonce(0) }, staff)).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("replying", () => {
  it("queues the reply to the sender in the message's language, 'Re: <subject>' by default, listed with the message, audited", async () => {
    const id = await send({ name: "Ирина", email: "irina@example.com", subject: "Размер", message: "Есть ли 60 см?\r\nИли 61?" }, "ru");
    // A browser's form sends line breaks as "\r\n"; the mail has plain "\n".
    const result = await replyToMessage(id, { subject: "", text: "Да, есть.\r\nМастерская Rumah Topi", nonce: nonce(1) }, staff);
    expect(result).toEqual({ ok: true, queued: true });
    const reply = (await mailsOf(id)).find((m) => m.template === "message-reply");
    expect(reply).toMatchObject({ to: "irina@example.com", locale: "ru", subject: "Re: Размер", status: "pending", contactMessageId: id });
    expect(reply!.text).toContain("Да, есть.\nМастерская Rumah Topi");
    expect(reply!.text).toContain("вы написали:");
    expect(reply!.text).toContain("> Есть ли 60 см?\n> Или 61?");
    expect(reply!.text).not.toContain("\r");
    expect(reply!.html).toContain('<html lang="ru">');

    const opened = await openMessage(id, staff);
    // The shop's own copy is linked to the message too, but is not a reply.
    expect(opened!.replies).toHaveLength(1);
    expect(opened!.replies[0]).toMatchObject({
      id: reply!.id,
      to: "irina@example.com",
      subject: "Re: Размер",
      status: "pending",
      by: staff.label,
    });

    const { entries } = await auditEntries({ action: "message-reply", recordType: "message", recordId: String(id) });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: staff.label,
      ip: staff.ip,
      after: { mailId: reply!.id, to: "irina@example.com", subject: "Re: Размер", locale: "ru" },
    });
  });

  it("in English for an English message, with the subject staff chose", async () => {
    const id = await send({ email: "emma@example.com" });
    await replyToMessage(id, { subject: "Your 64 cm hat", text: "We can make it.", nonce: nonce(2) }, staff);
    const [reply] = (await openMessage(id, staff))!.replies;
    expect(reply).toMatchObject({ to: "emma@example.com", subject: "Your 64 cm hat" });
    expect(reply!.text).toContain("you wrote:");
    const row = await database.db.selectFrom("mailOutbox").selectAll().where("id", "=", reply!.id).executeTakeFirst();
    expect(row!.locale).toBe("en");
  });

  it("queues one mail for a form sent twice, even at the same moment; a new form is a new reply", async () => {
    const id = await send();
    const form = { subject: "", text: "Thank you!", nonce: nonce(3) };
    const results = await Promise.all([replyToMessage(id, form, staff), replyToMessage(id, form, staff)]);
    expect(results.filter((r) => r.ok && r.queued)).toHaveLength(1);
    expect(await replyToMessage(id, form, staff)).toEqual({ ok: true, queued: false });
    expect((await openMessage(id, staff))!.replies).toHaveLength(1);
    expect((await auditEntries({ action: "message-reply", recordId: String(id) })).total).toBe(1);

    await replyToMessage(id, { ...form, nonce: nonce(4) }, staff);
    expect((await openMessage(id, staff))!.replies).toHaveLength(2);
  });

  it("refuses an empty or oversized text, a missing or odd form nonce, and queues nothing", async () => {
    const id = await send();
    expect(await replyToMessage(id, { text: "   ", nonce: nonce(5) }, staff)).toEqual({ ok: false, errors: { text: "required" } });
    expect(await replyToMessage(id, { text: "x".repeat(10_001), nonce: nonce(5) }, staff)).toEqual({
      ok: false,
      errors: { text: "tooLong" },
    });
    expect(await replyToMessage(id, { text: "Hi", subject: "s".repeat(251), nonce: nonce(5) }, staff)).toEqual({
      ok: false,
      errors: { subject: "tooLong" },
    });
    expect(await replyToMessage(id, { text: "Hi", nonce: "short" }, staff)).toMatchObject({ ok: false, errors: { nonce: "characters" } });
    expect(await replyToMessage(id, { text: "Hi\u0000", nonce: nonce(5) }, staff)).toMatchObject({
      ok: false,
      errors: { text: "characters" },
    });
    expect(await replyToMessage(id, { text: "x".repeat(10_000), nonce: nonce(5) }, staff)).toEqual({ ok: true, queued: true });
    expect((await openMessage(id, staff))!.replies).toHaveLength(1);
  });
});

describe("handled and reopened", () => {
  it("marks handled (and read), reopens, audits each change once", async () => {
    const id = await send();
    const handled = await markHandled(id, true, staff);
    expect(handled.handledAt).toBeInstanceOf(Date);
    expect(handled.readAt).toBeInstanceOf(Date);
    // Asked again: nothing changes, nothing is logged.
    expect((await markHandled(id, true, staff)).handledAt).toEqual(handled.handledAt);
    const reopened = await markHandled(id, false, staff);
    expect(reopened.handledAt).toBeNull();
    expect(reopened.readAt).toEqual(handled.readAt);

    const { entries } = await auditEntries({ action: "message-handled", recordType: "message", recordId: String(id) });
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ handledAt: handled.handledAt!.toISOString() }, { handledAt: null }],
      [{ handledAt: null }, { handledAt: handled.handledAt!.toISOString() }],
    ]);
    expect(entries.every((e) => e.actor === staff.label)).toBe(true);
    const row = await database.db.selectFrom("contactMessages").selectAll().where("id", "=", id).executeTakeFirst();
    expect(row!.handledAt).toBeNull();
  });
});
