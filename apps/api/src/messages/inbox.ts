/**
 * The admin inbox of contact messages. A message is unread until a staff member first opens it
 * (`read_at`) and open until marked handled (`handled_at`, undone by reopening). Staff answer by
 * e-mail through the outbox: each reply is a `mail_outbox` row linked to the message
 * (`contact_message_id`), in the message's language, and an audit row says who sent it.
 */

import type { InboxFilter } from "@workshop/domain/inbox.ts";
import { serialId } from "@workshop/domain/serial-id.ts";
import { type FieldErrors, fieldErrors } from "@workshop/domain/validation/fields.ts";
import { type ReplyField, type ReplyInput, replySchema } from "@workshop/domain/validation/reply.ts";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import type { Database, Row } from "#server/db/types.ts";
import { AppError } from "#server/errors.ts";
import { enqueueMail, oneLine } from "#server/mail/index.ts";

export type ContactMessage = Row<"contactMessages">;

/** Messages on one page of the inbox. */
export const inboxPageSize = 20;

/** The template of staff's replies (the shop's own copy of a message is linked to it too, but is no reply). */
const replyTemplate = "message-reply";

type Condition = (eb: ExpressionBuilder<Database, "contactMessages">) => Expression<SqlBool>;
const filterConditions: Record<InboxFilter, Condition | undefined> = {
  all: undefined,
  unread: (eb) => eb("readAt", "is", null),
  open: (eb) => eb("handledAt", "is", null),
  handled: (eb) => eb("handledAt", "is not", null),
};

/** A message id from a URL, else null. */
export const messageId = serialId;

export type InboxRow = Pick<ContactMessage, "id" | "name" | "email" | "subject" | "locale" | "createdAt" | "readAt" | "handledAt">;
export type InboxPage = { messages: InboxRow[]; total: number; page: number; pageCount: number };

/** One page of messages, newest first; a page past the last is empty (its `pageCount` says how many there are). */
export async function listMessages(filter: InboxFilter = "all", page = 1, size = inboxPageSize): Promise<InboxPage> {
  const db = await getDb();
  const where = filterConditions[filter];
  const current = Number.isSafeInteger(page) && page >= 1 ? page : 1;
  const [messages, totals] = await Promise.all([
    db
      .selectFrom("contactMessages")
      .select(["id", "name", "email", "subject", "locale", "createdAt", "readAt", "handledAt"])
      .$if(where !== undefined, (qb) => qb.where(where!))
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    db
      .selectFrom("contactMessages")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .$if(where !== undefined, (qb) => qb.where(where!))
      .executeTakeFirst(),
  ]);
  const total = totals?.total ?? 0;
  return { messages, total, page: current, pageCount: Math.max(1, Math.ceil(total / size)) };
}

/** How many messages no one has opened yet (the dashboard's count). */
export async function unreadCount(): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom("contactMessages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("readAt", "is", null)
    .executeTakeFirst();
  return row?.n ?? 0;
}

type MessageReply = {
  id: number;
  to: string;
  subject: string;
  text: string;
  /** The outbox's status: pending, sending, sent, kept or failed. */
  status: string;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** Who sent it, as the audit log shows them. */
  by: string | null;
};

export type OpenedMessage = { message: ContactMessage; replies: MessageReply[] };

/**
 * A message with its replies, oldest reply first; the first opening marks it read. Null for an
 * unknown id. (Opening is not audited: it changes nothing but the unread mark.)
 */
export async function openMessage(id: number, _actor: Actor): Promise<OpenedMessage | null> {
  const db = await getDb();
  const found = await db.selectFrom("contactMessages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!found) return null;
  let message = found;
  if (message.readAt === null) {
    // Of two first openings at once, one sets the time; the other reads it.
    const marked = await db
      .updateTable("contactMessages")
      .set({ readAt: sql`now()` })
      .where("id", "=", id)
      .where("readAt", "is", null)
      .returningAll()
      .executeTakeFirst();
    message = marked ?? (await db.selectFrom("contactMessages").selectAll().where("id", "=", id).executeTakeFirst()) ?? message;
  }
  return { message, replies: await repliesTo(id) };
}

async function repliesTo(id: number): Promise<MessageReply[]> {
  const db = await getDb();
  const mails = await db
    .selectFrom("mailOutbox")
    .select(["id", "to", "subject", "text", "status", "lastError", "createdAt", "sentAt"])
    .where("contactMessageId", "=", id)
    .where("template", "=", replyTemplate)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  if (mails.length === 0) return [];
  const audits = await db
    .selectFrom("auditLog")
    .select(["actor", sql<number | null>`(audit_log.after->>'mailId')::int`.as("mailId")])
    .where("recordType", "=", "message")
    .where("recordId", "=", String(id))
    .where("action", "=", "message-reply")
    .execute();
  const by = new Map(audits.map((a) => [a.mailId, a.actor]));
  return mails.map((mail) => ({ ...mail, by: by.get(mail.id) ?? null }));
}

export type ReplyResult =
  /** `queued` is false when this form was already sent (a double click): nothing new was queued. */
  { ok: true; queued: boolean } | { ok: false; errors: FieldErrors<ReplyField> };

/**
 * Queues staff's reply to the message's sender, in the message's language, with the message
 * quoted; subject 'Re: <its subject>' unless given. The mail and its audit row are written in one
 * transaction, once per form (`nonce`, see @workshop/domain/validation/reply.ts). Throws not_found for an
 * unknown message.
 */
export async function replyToMessage(id: number, input: ReplyInput, actor: Actor): Promise<ReplyResult> {
  const parsed = replySchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors<ReplyField>(parsed.error) };
  const { text, nonce } = parsed.data;
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const message = await tx.selectFrom("contactMessages").selectAll().where("id", "=", id).executeTakeFirst();
    if (!message) throw new AppError("not_found", "No such message");
    const subject = oneLine(parsed.data.subject) || `Re: ${oneLine(message.subject)}`;
    const dedupeKey = `message-reply:${id}:${nonce}`;
    const queued = await enqueueMail(
      {
        template: replyTemplate,
        vars: { subject, text, message },
        dedupeKey,
        locale: message.locale,
        to: message.email,
        contactMessageId: id,
      },
      { tx },
    );
    if (!queued) return { ok: true, queued: false };
    const mail = await tx.selectFrom("mailOutbox").select("id").where("dedupeKey", "=", dedupeKey).executeTakeFirst();
    await recordAudit(
      {
        actor,
        action: "message-reply",
        recordType: "message",
        recordId: id,
        after: { mailId: mail?.id ?? null, to: message.email, subject, locale: message.locale },
      },
      tx,
    );
    return { ok: true, queued: true };
  });
}

/**
 * Marks the message handled, or open again (`handled` false). Handling also marks it read. Writes
 * an audit row when the state changes; a repeated request changes nothing. Throws not_found for an
 * unknown message.
 */
export async function markHandled(id: number, handled: boolean, actor: Actor): Promise<ContactMessage> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom("contactMessages").selectAll().where("id", "=", id).forUpdate().limit(1).executeTakeFirst();
    if (!current) throw new AppError("not_found", "No such message");
    if ((current.handledAt !== null) === handled) return current;
    const updated = await tx
      .updateTable("contactMessages")
      .set(handled ? { handledAt: sql`now()`, readAt: sql`coalesce(contact_messages.read_at, now())` } : { handledAt: null })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new AppError("not_found", "No such message");
    await recordAudit(
      {
        actor,
        action: "message-handled",
        recordType: "message",
        recordId: id,
        before: { handledAt: current.handledAt?.toISOString() ?? null },
        after: { handledAt: updated.handledAt?.toISOString() ?? null },
      },
      tx,
    );
    return updated;
  });
}
