/**
 * What staff do with a custom request from its admin page: read it with its photos, mails and
 * audit trail, move its status (status.ts), keep notes, and write to the customer. Each change is
 * one transaction with its audit row; a form shown before someone else's change is refused
 * (stale) with nothing changed, and the page says so.
 */
import { createHash } from "node:crypto";
import { cleanText } from "@workshop/domain/form-text.ts";
import { translator } from "@workshop/domain/i18n/core.ts";
import { serialId } from "@workshop/domain/serial-id.ts";
import { adminNotesMax } from "@workshop/domain/validation/custom-order.ts";
import { type FieldErrors, fieldErrors } from "@workshop/domain/validation/fields.ts";
import { type ReplyField, type ReplyInput, replySchema } from "@workshop/domain/validation/reply.ts";
import type { Actor } from "#server/audit/actor.ts";
import { type AuditEntry, recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { mailTexts } from "#server/mail/i18n/mail.ts";
import { enqueueMail, mailListColumns, oneLine } from "#server/mail/index.ts";
import { mailLocale } from "#server/mail/templates/index.ts";
import { moveCustomOrder } from "./move.ts";
import { type CustomOrderView, customOrderView } from "./spec-view.ts";
import { type CustomOrderStatus, customOrderMoves } from "./status.ts";

/** A request id from a URL, else null. */
export const customOrderId = serialId;

const NOTES_MAX = adminNotesMax;

/** The version of the notes a form was shown with: their hash, so a save over someone else's newer notes is refused. */
export function notesVersion(notes: string): string {
  return createHash("sha256").update(notes).digest("base64url").slice(0, 22);
}

const customerMailTemplate = "custom-order-message";

type CustomOrderMail = {
  id: number;
  template: string;
  to: string;
  subject: string;
  text: string;
  locale: string;
  /** The outbox's status: pending, sending, sent, kept or failed. */
  status: string;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

export type CustomOrderDetail = {
  request: CustomOrderView & { locale: string; adminNotes: string; notesVersion: string; budget: string; updatedAt: string };
  /** Fields the customer left blank (the view shows SPEC 3's defaults; the page says them in the admin's language). */
  blank: Record<"phone" | "materials" | "colors" | "size" | "budget" | "timeline", boolean>;
  moves: readonly CustomOrderStatus[];
  mails: CustomOrderMail[];
  audit: Pick<AuditEntry, "id" | "staffId" | "action" | "actor" | "before" | "after" | "createdAt">[];
};

/** Everything the request's admin page shows, or null when there is no such request. */
export async function customOrderDetail(id: number): Promise<CustomOrderDetail | null> {
  const db = await getDb();
  const row = await db.selectFrom("customOrders").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [view, mails, audit] = await Promise.all([
    customOrderView(row),
    db
      .selectFrom("mailOutbox")
      .select([...mailListColumns, "text"])
      .where("customOrderId", "=", id)
      .orderBy("createdAt", "asc")
      .orderBy("id", "asc")
      .execute(),
    db
      .selectFrom("auditLog")
      .select(["id", "staffId", "action", "actor", "before", "after", "createdAt"])
      .where("recordType", "=", "custom-order")
      .where("recordId", "=", String(id))
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(50)
      .execute(),
  ]);
  return {
    request: {
      ...view,
      locale: row.locale,
      adminNotes: row.adminNotes,
      notesVersion: notesVersion(row.adminNotes),
      budget: row.budget,
      updatedAt: row.updatedAt.toISOString(),
    },
    blank: {
      phone: !row.phone.trim(),
      materials: !row.material.trim(),
      colors: !row.color.trim(),
      size: !row.size.trim(),
      budget: row.budgetMin === null || row.budgetMax === null,
      timeline: !row.timeline.trim(),
    },
    moves: customOrderMoves(row.status),
    mails,
    audit,
  };
}

/**
 * Update Status from the admin page: `expected` is the status the form was shown with. The move
 * is the status machine's (status.ts); a refused or stale move changes nothing.
 */
export async function changeCustomOrderStatus(id: number, next: string, expected: string, actor: Actor): Promise<CustomOrderStatus> {
  const db = await getDb();
  const { status } = await db.transaction().execute((tx) => moveCustomOrder(tx, id, expected, next, actor));
  return status;
}

/**
 * Saves the Admin Notes (the whole text; empty clears them). `version` is notesVersion() of the
 * notes the form was shown with: when someone saved other notes meanwhile, nothing is written
 * (conflict, code "stale-notes") so their words are not lost. Saving the same text changes nothing.
 */
export async function saveAdminNotes(id: number, notes: string, version: string, actor: Actor): Promise<{ changed: boolean }> {
  const text = cleanText(notes);
  if (text.length > NOTES_MAX)
    throw new AppError("invalid", `Notes are at most ${NOTES_MAX.toLocaleString("en")} characters`, { code: "too-long" });
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom("customOrders").select("adminNotes as notes").where("id", "=", id).forUpdate().executeTakeFirst();
    if (!current) throw new AppError("not_found", "Custom order not found");
    if (current.notes === text) return { changed: false };
    if (notesVersion(current.notes) !== version)
      throw new AppError("conflict", "Someone else saved other notes meanwhile. Reload the page.", { code: "stale-notes" });
    await tx.updateTable("customOrders").set({ adminNotes: text }).where("id", "=", id).execute();
    await recordAudit(
      {
        actor,
        action: "custom-order-notes",
        recordType: "custom-order",
        recordId: id,
        before: { notes: current.notes.slice(0, 2000) },
        after: { notes: text.slice(0, 2000) },
      },
      tx,
    );
    return { changed: true };
  });
}

export type ContactResult = { ok: true; queued: boolean } | { ok: false; errors: FieldErrors<ReplyField> };

/**
 * Contact Customer: a mail to the request's e-mail through the outbox, in the request's language,
 * kept on the request (mail_outbox.custom_order_id). One mail per form shown (the nonce makes its
 * dedupe key, as for inbox replies). Subject blank: 'Your custom hat request #C<id>' in their language.
 */
export async function contactCustomer(id: number, input: ReplyInput, actor: Actor): Promise<ContactResult> {
  const parsed = replySchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors<ReplyField>(parsed.error) };
  const { text, nonce } = parsed.data;
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const request = await tx.selectFrom("customOrders").selectAll().where("id", "=", id).executeTakeFirst();
    if (!request) throw new AppError("not_found", "Custom order not found");
    const subject = oneLine(parsed.data.subject) || defaultSubject(request.id, request.locale);
    const dedupeKey = `${customerMailTemplate}:${id}:${nonce}`;
    const queued = await enqueueMail(
      {
        template: customerMailTemplate,
        vars: { request, subject, text },
        dedupeKey,
        locale: request.locale,
        to: request.email,
        customOrderId: id,
      },
      { tx },
    );
    if (!queued) return { ok: true, queued: false };
    const mail = await tx.selectFrom("mailOutbox").select("id").where("dedupeKey", "=", dedupeKey).executeTakeFirst();
    await recordAudit(
      {
        actor,
        action: "custom-order-email",
        recordType: "custom-order",
        recordId: id,
        after: { mailId: mail?.id ?? null, to: request.email, subject, locale: request.locale },
      },
      tx,
    );
    return { ok: true, queued: true };
  });
}

/** The subject a blank one becomes, in the request's language. */
export function defaultSubject(id: number, locale: string): string {
  return translator(mailTexts, mailLocale(locale))("custom.staff.subject", { number: `#C${id}` });
}
