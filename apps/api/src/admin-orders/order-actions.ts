/**
 * What staff do to an order from its admin page (and the staff API): mark a cash order paid, move
 * its status, write to the customer, add a note. Each runs in one transaction on the order's row,
 * locked (`for update`), so two people clicking at once make one change: the order, its history
 * (order_events), the audit row (before and after) and the customer's e-mail land together or not
 * at all. Refusals are AppErrors whose details carry a code (order-rules.ts) the page words.
 */

import { carrierName, carrierOfDelivery, trackingUrl } from "@workshop/domain/carriers.ts";
import { cleanText } from "@workshop/domain/form-text.ts";
import { sql } from "kysely";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { AppError } from "#server/errors.ts";
import { type CancelReason, enqueueMail } from "#server/mail/index.ts";
import { orderInLanguage } from "#server/orders/in-language.ts";
import { announceCancellation } from "#server/orders/notifications.ts";
import { changePaymentStatus } from "#server/orders/queries.ts";
import { canMoveOrder, isOrderStatus, type PaymentStatus } from "#server/orders/status.ts";
import type { Order } from "#server/orders/types.ts";
import type { PaymentAttempt } from "#server/payments/attempts.ts";
import { keepRefundStateAfterPayment } from "#server/payments/refund-ledger.ts";
import { isSessionId } from "#server/payments/xendit/channels.ts";
import { xendit } from "#server/payments/xendit/connection.ts";
import { isOrderId } from "./order-detail.ts";
import { canMarkPaid, moveRefusal, type Refusal, type RefusalCode } from "./order-rules.ts";

function refuse(refusal: Refusal): AppError {
  return new AppError("conflict", refusal.message, { code: refusal.code });
}

function invalid(code: RefusalCode, message: string): AppError {
  return new AppError("invalid", message, { code });
}

/** The refusal code an error carries, if it is one of ours. */
export function refusalCode(error: unknown): RefusalCode | null {
  if (!(error instanceof AppError)) return null;
  const details = error.details as { code?: unknown } | undefined;
  return typeof details?.code === "string" ? (details.code as RefusalCode) : null;
}

function oneLine(value: string): string {
  return cleanText(value).replace(/\s+/g, " ");
}

/** Runs `work` on the order's row, locked for the transaction; 404 when there is no such order. */
async function withLockedOrder<T>(orderId: string, work: (tx: Tx, order: Order) => Promise<T>): Promise<T> {
  if (!isOrderId(orderId)) throw new AppError("not_found", "Order not found");
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const order = await tx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().limit(1).executeTakeFirst();
    if (!order) throw new AppError("not_found", "Order not found");
    return work(tx, order);
  });
}

const snapshot = (o: Order) => ({
  status: o.status,
  paymentStatus: o.paymentStatus,
  ...(o.carrier ? { carrier: o.carrier, trackingNumber: o.trackingNumber } : {}),
});

/**
 * Marks a cash-in-store order paid (SPEC 4): payment SUCCEEDED, status PROCESSING, and the
 * customer's payment-confirmed e-mail. Only while the payment is pending and the order is not
 * cancelled; a second click finds it paid and is refused (409), so there is one change and one mail.
 */
export async function markPaid(orderId: string, actor: Actor): Promise<Order> {
  return withLockedOrder(orderId, async (tx, current) => {
    const refusal = canMarkPaid(current);
    if (refusal) throw refuse(refusal);
    // A custom hat's cash is its deposit first, then its balance (docs/decisions/026-custom-quotes.md).
    const balance = current.paymentStatus === "DEPOSIT_PAID";
    const next = current.depositCents !== null && !balance ? "DEPOSIT_PAID" : "SUCCEEDED";
    // The shared move: payment and status together, the history row and the payment-confirmed mail.
    let { order } = await changePaymentStatus(tx, current, next, `marked paid in the workshop by ${actor.label}`);
    // Paid in the workshop: what the order holds changed, and with it what its refunds leave.
    await keepRefundStateAfterPayment(tx, order.id);
    if (!balance && order.status !== "PROCESSING" && isOrderStatus(order.status) && canMoveOrder(order.status, "PROCESSING")) {
      // E.g. CONTACTED before the customer came to pay: paid means the work starts.
      const moved = await tx
        .updateTable("orders")
        .set({ status: "PROCESSING", updatedAt: sql`now()` })
        .where("id", "=", order.id)
        .returningAll()
        .executeTakeFirst();
      order = moved!;
      await tx
        .insertInto("orderEvents")
        .values({ orderId: order.id, status: "PROCESSING", paymentStatus: order.paymentStatus, reason: "paid: work starts" })
        .execute();
    }
    await recordAudit(
      { actor, action: "order-marked-paid", recordType: "order", recordId: current.id, before: snapshot(current), after: snapshot(order) },
      tx,
    );
    return order;
  });
}

/**
 * PATCH /api/orders/update-payment-status for staff and machines: the same rules as the page.
 * SUCCEEDED on a cash order is Mark as Paid; every other payment status follows the payment itself
 * (Xendit, the 7-day sweep), so asking for it is refused with the reason. A status that is no
 * payment status never gets here: its route refuses it.
 */
export async function updatePaymentStatusByApi(orderId: string, paymentStatus: PaymentStatus, actor: Actor): Promise<Order> {
  if (paymentStatus === "SUCCEEDED") return markPaid(orderId, actor);
  return withLockedOrder(orderId, async () => {
    throw new AppError(
      "conflict",
      `Staff can only mark a cash-in-store order paid (SUCCEEDED); a payment becomes ${paymentStatus} through the payment itself`,
      { code: "move-not-allowed" },
    );
  });
}

export type StatusDetails = {
  /** SHIPPED: DHL, Lion Parcel or another carrier's name (none: the order's own delivery), and the parcel's tracking number. */
  carrier?: string;
  trackingNumber?: string;
  /** CANCELLED: why, told to the customer (a known reason in their language, or a text as written). */
  reason?: CancelReason;
  /** The status the form was shown for: when the order moved meanwhile, nothing is done (409). */
  expected?: string;
};

/** What happened to the order's open Xendit payment requests when it was cancelled. */
type CancelledRequests = { cancelled: string[]; notCancelled: { id: string; why: string }[] };

export type StatusChange = { order: Order; payments: CancelledRequests | null };

/** The carrier staff named, as the shop writes it; null when they named none. */
function namedCarrier(value: string | undefined): string | null {
  const name = oneLine(value ?? "");
  if (!name) return null;
  if (name.length > 60) throw invalid("too-long", "The carrier's name is at most 60 characters");
  return carrierName(name);
}

function trackingNumberOf(value: string | undefined): string {
  const number = oneLine(value ?? "");
  if (!number) throw invalid("tracking-required", "Enter the tracking number");
  if (number.length > 60 || !/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(number))
    throw invalid("tracking-required", "A tracking number is letters and digits (at most 60)");
  return number;
}

function cancelReasonOf(reason: CancelReason | undefined): CancelReason {
  if (reason === "customer-request" || reason === "unavailable" || reason === "not-paid") return reason;
  const text = cleanText(typeof reason === "object" && reason ? reason.text : "");
  if (text.length < 3) throw invalid("reason-required", "Give the reason for cancelling (it is sent to the customer)");
  if (text.length > 500) throw invalid("too-long", "The reason is at most 500 characters");
  return { text };
}

const reasonText = (reason: CancelReason) => (typeof reason === "string" ? reason : reason.text);

/**
 * Moves an order's status as the machine allows (src/orders/status.ts) and the order permits
 * (paid for work statuses, pickup never shipped: order-rules.ts). SHIPPED stores carrier and
 * tracking number and mails the customer the tracking link; CANCELLED mails the reason and then
 * cancels the order's open Xendit payment requests, recording in the history what could not be.
 */
export async function changeStatus(orderId: string, next: string, details: StatusDetails, actor: Actor): Promise<StatusChange> {
  if (!isOrderStatus(next)) throw invalid("move-not-allowed", `Unknown status: ${String(next).slice(0, 40)}`);
  const shipment =
    next === "SHIPPED" ? { carrier: namedCarrier(details.carrier), trackingNumber: trackingNumberOf(details.trackingNumber) } : null;
  const reason = next === "CANCELLED" ? cancelReasonOf(details.reason) : null;

  const { order, open } = await withLockedOrder(orderId, async (tx, current) => {
    if (details.expected && details.expected !== current.status)
      throw refuse({ code: "stale", message: `The order changed meanwhile: it is now ${current.status}. Reload the page.` });
    const refusal = moveRefusal(current, next);
    if (refusal) throw refuse(refusal);
    // Unnamed, the carrier is the one the customer chose at checkout.
    const carrier = shipment ? (shipment.carrier ?? carrierOfDelivery(current.deliveryOption)) : null;
    if (shipment && !carrier) throw invalid("carrier-required", "Choose the carrier");
    const shipped = shipment && carrier ? { carrier, trackingNumber: shipment.trackingNumber } : null;
    const unpaidCancel = next === "CANCELLED" && current.paymentStatus !== "SUCCEEDED" && current.paymentStatus !== "DEPOSIT_PAID";
    const order = await tx
      .updateTable("orders")
      .set({
        status: next,
        // A cancelled order that was never paid will not be (as the 7-day sweep does it).
        ...(unpaidCancel ? { paymentStatus: "FAILED" } : {}),
        ...(shipped ?? {}),
        updatedAt: sql`now()`,
      })
      .where("id", "=", current.id)
      .returningAll()
      .executeTakeFirst();
    const why = shipped
      ? `shipped with ${shipped.carrier}, tracking ${shipped.trackingNumber} (${actor.label})`
      : reason
        ? `cancelled by ${actor.label}: ${reasonText(reason)}`
        : `status changed by ${actor.label}`;
    await tx
      .insertInto("orderEvents")
      .values({ orderId: order!.id, status: order!.status, paymentStatus: order!.paymentStatus, reason: why })
      .execute();

    if (shipped) await announceShipment(tx, order!, shipped.carrier, shipped.trackingNumber);
    if (reason) await announceCancellation(order!, reason, tx);
    const open = reason
      ? await tx
          .selectFrom("paymentAttempts")
          .selectAll()
          .where("orderId", "=", current.id)
          .where("status", "in", ["CREATING", "PENDING"])
          .execute()
      : [];
    await recordAudit(
      {
        actor,
        action: "order-status",
        recordType: "order",
        recordId: current.id,
        before: snapshot(current),
        after: { ...snapshot(order!), ...(reason ? { reason: reasonText(reason) } : {}) },
      },
      tx,
    );
    return { order: order!, open };
  });

  // After the commit: the order is cancelled whatever Xendit answers (a payment that still lands
  // is flagged "paid after the order was cancelled" and reported to the shop).
  const payments = reason ? await cancelOpenRequests(order, open) : null;
  return { order, payments };
}

async function announceShipment(tx: Tx, order: Order, carrier: string, trackingNumber: string): Promise<void> {
  await enqueueMail(
    {
      template: "order-shipped",
      vars: {
        order: await orderInLanguage(order, order.locale, tx),
        carrier,
        trackingNumber,
        trackingUrl: trackingUrl(carrier, trackingNumber),
      },
      // An order is shipped once (SHIPPED only moves on to DELIVERED).
      dedupeKey: `order-shipped:${order.id}`,
      locale: order.locale,
      to: order.shippingAddress.email,
      orderId: order.id,
    },
    { tx },
  );
}

/**
 * Cancels each open payment request (or card session) of a cancelled order at Xendit, marks the
 * attempts cancelled, and writes one history line per request: cancelled, or why not.
 */
async function cancelOpenRequests(order: Order, open: PaymentAttempt[]): Promise<CancelledRequests> {
  const result: CancelledRequests = { cancelled: [], notCancelled: [] };
  for (const attempt of open) {
    const id = attempt.xenditRequestId;
    if (!id) {
      result.notCancelled.push({ id: `attempt ${attempt.attempt}`, why: "still being created at Xendit" });
      continue;
    }
    try {
      if (isSessionId(id)) await xendit().cancelSession(id);
      else await xendit().cancelPaymentRequest(id);
      result.cancelled.push(id);
    } catch (error) {
      result.notCancelled.push({ id, why: (error instanceof Error ? error.message : String(error)).slice(0, 200) });
    }
  }
  if (open.length === 0) return result;
  const db = await getDb();
  await db.transaction().execute(async (tx) => {
    if (result.cancelled.length > 0)
      await tx
        .updateTable("paymentAttempts")
        .set({ status: "CANCELLED", updatedAt: sql`now()` })
        .where("xenditRequestId", "in", result.cancelled)
        .where("status", "=", "PENDING")
        .execute();
    // One line per open request (open is not empty), so there is always a row to insert.
    await tx
      .insertInto("orderEvents")
      .values([
        ...result.cancelled.map((id) => ({
          orderId: order.id,
          status: order.status,
          paymentStatus: order.paymentStatus,
          reason: `payment request ${id} cancelled at Xendit`,
        })),
        ...result.notCancelled.map(({ id, why }) => ({
          orderId: order.id,
          status: order.status,
          paymentStatus: order.paymentStatus,
          reason: `payment request ${id} could not be cancelled at Xendit: ${why}`,
        })),
      ])
      .execute();
  });
  return result;
}

export type StaffEmail = { subject: string; text: string /** One per form shown: a second submit of it sends nothing. */; nonce: string };

/**
 * Staff write to the customer about the order: sent through the outbox, kept on the order, in the
 * order's language (the footer and button). One mail per form: the nonce is its dedupe key, so a
 * double click or a resent form queues nothing more. Resolves to whether this call sent it.
 */
export async function sendOrderEmail(orderId: string, email: StaffEmail, actor: Actor): Promise<{ sent: boolean }> {
  const subject = oneLine(email.subject ?? "");
  const text = cleanText(email.text ?? "");
  if (!subject) throw invalid("subject-required", "Write a subject");
  if (subject.length > 200) throw invalid("too-long", "The subject is at most 200 characters");
  if (!text) throw invalid("text-required", "Write the message");
  if (text.length > 10_000) throw invalid("too-long", "The message is at most 10,000 characters");
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(email.nonce ?? "")) throw new AppError("invalid", "The form is incomplete: reload the page");
  return withLockedOrder(orderId, async (tx, order) => {
    const to = order.shippingAddress.email;
    if (!to) throw refuse({ code: "no-email", message: "This order has no e-mail address" });
    const sent = await enqueueMail(
      {
        template: "staff-message",
        vars: { order: await orderInLanguage(order, order.locale, tx), subject, text },
        dedupeKey: `staff-message:${order.id}:${email.nonce}`,
        locale: order.locale,
        to,
        orderId: order.id,
      },
      { tx },
    );
    if (sent)
      await recordAudit(
        { actor, action: "order-email", recordType: "order", recordId: order.id, after: { to, subject, text: text.slice(0, 2000) } },
        tx,
      );
    return { sent };
  });
}

/** A note for the other staff on the order (the customer never sees it): 1 to 5,000 characters. */
export async function addNote(orderId: string, text: string, actor: Actor): Promise<{ id: number }> {
  const note = cleanText(text ?? "");
  if (!note) throw invalid("text-required", "Write the note");
  if (note.length > 5000) throw invalid("too-long", "A note is at most 5,000 characters");
  return withLockedOrder(orderId, async (tx, order) => {
    const row = await tx
      .insertInto("orderNotes")
      .values({ orderId: order.id, staffId: actor.staffId, author: actor.label, text: note })
      .returning("id")
      .executeTakeFirst();
    await recordAudit({ actor, action: "order-note", recordType: "order", recordId: order.id, after: { noteId: row!.id, text: note } }, tx);
    return { id: row!.id };
  });
}
