import { contactSchema } from "@workshop/domain/validation/contact.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { recentContactMessages, saveContactMessage } from "./contact.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe("contact messages", () => {
  it("keeps a valid message, trimmed, with the visitor's language", async () => {
    const input = contactSchema.parse({ name: "  Ayu ", email: "ayu@example.com", subject: "Size", message: "Do you make 64 cm?" });
    await saveContactMessage(input, "ru");
    const [saved] = await recentContactMessages();
    expect(saved).toMatchObject({ name: "Ayu", email: "ayu@example.com", subject: "Size", message: "Do you make 64 cm?", locale: "ru" });
  });

  it("mails the shop's copy only: the address the form gives (anyone's) gets nothing", async () => {
    const input = contactSchema.parse({
      name: "Visit https://x.example",
      email: "someone@example.com",
      subject: "Hi",
      message: "Open https://x.example",
    });
    const id = await saveContactMessage(input, "en");
    const mails = await database.db.selectFrom("mailOutbox").selectAll().where("contactMessageId", "=", id).execute();
    expect(mails.map((m) => [m.template, m.to])).toEqual([["shop-contact-message", config().SHOP_MAIL_TO]]);
  });

  it("refuses missing, malformed and oversized fields before anything is stored", () => {
    const result = contactSchema.safeParse({ name: " ", email: "nope", subject: "x".repeat(10_000) });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => `${String(i.path[0])}:${i.message}`).sort();
    expect(fields).toEqual(["email:email", "message:required", "name:required", "subject:tooLong"]);
  });
});
