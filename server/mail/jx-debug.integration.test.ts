import { eq } from "drizzle-orm";
import { afterAll, beforeAll, it, expect } from "vitest";
import { freshDatabase } from "../../tests/support/test-db.ts";
import type { Database } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import { deliverMail, useMailSettings } from "./index.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./test-smtp-server.ts";
let database: Database; let smtp: TestSmtpServer;
beforeAll(async () => { database = await freshDatabase(); smtp = await startTestSmtpServer(); useMailSettings({ smtpUrl: smtp.url }); });
afterAll(async () => { await smtp.close(); await database.close(); });
it("twice", async () => {
  await database.db.insert(mailOutbox).values({ dedupeKey: "twice-1", template: "order-received", locale: "en", to: "twice@example.com", subject: "Twice", text: "t", html: "<p>h</p>" });
  const [r] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, "twice-1"));
  const job = { retryCount: 0, retryLimit: 8 };
  await Promise.all([deliverMail({ outboxId: r!.id }, job), deliverMail({ outboxId: r!.id }, job)]);
  console.log(smtp.received.map((m) => [m.envelopeTo, m.subject, m.headers.get("message-id")]));
  expect(smtp.to("twice@example.com")).toHaveLength(1);
});
