import { desc } from "drizzle-orm";
import type { Locale } from "#lib/locale.ts";
import type { ContactInput } from "#lib/validation/contact.ts";
import { getDb } from "#server/db/client.ts";
import { contactMessages } from "#server/db/schema.ts";

/** Stores a contact message for the shop's inbox. Input is already checked by contactSchema. */
export async function saveContactMessage(input: ContactInput, locale: Locale): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, locale })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("Contact message insert returned nothing");
  return row.id;
}

export async function recentContactMessages(limit = 50) {
  const db = await getDb();
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}
