import type { Locale } from "@workshop/domain/locale.ts";
import type { ContactInput } from "@workshop/domain/validation/contact.ts";
import { config } from "#server/config.ts";
import { getDb } from "#server/db/client.ts";
import { enqueueMail } from "#server/mail/index.ts";

/**
 * Stores a contact message for the shop's inbox and, in the same transaction, queues the shop's
 * copy of it (SHOP_MAIL_TO, in English, Reply-To the sender): both exist, or neither. Input is
 * already checked by contactSchema.
 */
export async function saveContactMessage(input: ContactInput, locale: Locale): Promise<number> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const message = await tx
      .insertInto("contactMessages")
      .values({ ...input, locale })
      .returningAll()
      .executeTakeFirst();
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
  return db.selectFrom("contactMessages").selectAll().orderBy("createdAt", "desc").limit(limit).execute();
}
