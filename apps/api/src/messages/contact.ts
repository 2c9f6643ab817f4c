import type { Locale } from "@workshop/domain/locale.ts";
import type { ContactInput } from "@workshop/domain/validation/contact.ts";
import { desc } from "drizzle-orm";
import { config } from "#server/config.ts";
import { getDb } from "#server/db/client.ts";
import { contactMessages } from "#server/db/schema.ts";
import { enqueueMail } from "#server/mail/index.ts";

/**
 * Stores a contact message for the shop's inbox and, in the same transaction, queues the shop's
 * copy of it (SHOP_MAIL_TO, in English, Reply-To the sender): both exist, or neither. Input is
 * already checked by contactSchema.
 */
export async function saveContactMessage(input: ContactInput, locale: Locale): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(contactMessages)
      .values({ ...input, locale })
      .returning();
    if (!message) throw new Error("Contact message insert returned nothing");
    await enqueueMail(
      {
        template: "shop-contact-message",
        vars: { message },
        dedupeKey: `shop-contact-message:${message.id}`,
        locale: "en",
        to: config().SHOP_MAIL_TO,
        contactMessageId: message.id,
      },
      { tx },
    );
    return message.id;
  });
}

export async function recentContactMessages(limit = 50) {
  const db = await getDb();
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}
