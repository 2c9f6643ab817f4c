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
import { and, asc, desc, eq } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { type AuditEntry, recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import { auditLog, customOrders, mailOutbox } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { mailTexts } from "#server/mail/i18n/mail.ts";
import { enqueueMail, mailListColumns, oneLine } from "#server/mail/index.ts";
import { mailLocale } from "#server/mail/templates/index.ts";
import { type CustomOrderView, customOrderView } from "./admin-view.ts";
import { moveCustomOrder } from "./move.ts";
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
  audit: Pick<AuditEntry, "id" | "action" | "actor" | "before" | "after" | "createdAt">[];
};

/** Everything the request's admin page shows, or null when there is no such request. */
export async function customOrderDetail(id: number): Promise<CustomOrderDetail | null> {
  const db = await getDb();
  const [row] = await db.select().from(customOrders).where(eq(customOrders.id, id));
  if (!row) return null;
  const [view, mails, audit] = await Promise.all([
    customOrderView(row),
    db
      .select({ ...mailListColumns, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.customOrderId, id))
      .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id)),
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actor: auditLog.actor,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(and(eq(auditLog.recordType, "custom-order"), eq(auditLog.recordId, String(id))))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(50),
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
  const { status } = await db.transaction((tx) => moveCustomOrder(tx, id, expected, next, actor));
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
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ notes: customOrders.adminNotes }).from(customOrders).where(eq(customOrders.id, id)).for("update");
    if (!current) throw new AppError("not_found", "Custom order not found");
    if (current.notes === text) return { changed: false };
    if (notesVersion(current.notes) !== version)
      throw new AppError("conflict", "Someone else saved other notes meanwhile. Reload the page.", { code: "stale-notes" });
    await tx.update(customOrders).set({ adminNotes: text }).where(eq(customOrders.id, id));
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
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(customOrders).where(eq(customOrders.id, id));
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
    const [mail] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey));
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
