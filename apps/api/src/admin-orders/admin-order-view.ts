/**
 * One order for the staff console (GET /api/admin/orders/:id, orderDetailAnswer): what the admin's
 * order page reads (order-detail.ts), with dates as ISO text and the ready e-mails filled in.
 */

import { trackingUrl } from "@workshop/domain/carriers.ts";
import { isRefundState, isRefundWay } from "@workshop/domain/refunds.ts";
import type { OrderDetailAnswer, OrderMailAnswer } from "@workshop/domain/staff-api/order.ts";
import { shownName, staffNames, withNames } from "#server/audit/people-names.ts";
import { recordChanges } from "#server/audit/record-changes.ts";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { orderMakingOf } from "#server/making/making-view.ts";
import { mayMarkForAdjusting } from "#server/making/moves.ts";
import type { Order } from "#server/orders/types.ts";
import { isOrderId, orderDetail, orderMail } from "./order-detail.ts";
import { prefilledEmail, staffTemplateIds } from "./order-mail-templates.ts";

/** A 404 unless `id` is an order's (checked before a form is judged, so an unknown order is never a 400). */
export async function requireOrder(id: string): Promise<void> {
  const db = await getDb();
  const found = isOrderId(id) && (await db.selectFrom("orders").select("id").where("id", "=", id).limit(1).executeTakeFirst());
  if (!found) throw new AppError("not_found", "Order not found");
}

const isoOf = (date: Date) => date.toISOString();
const windowOf = (w: { earliest: Date; latest: Date } | null) => (w ? { earliest: isoOf(w.earliest), latest: isoOf(w.latest) } : null);

/**
 * A custom hat's deposit and balance (decision 026), or null for an order paid at once. The balance
 * is the rest of the total (price and delivery) in both currencies, as the balance payment charges it.
 */
function paymentParts(order: Order): OrderDetailAnswer["parts"] {
  if (order.depositCents === null || order.depositIdr === null) return null;
  const paid = order.paymentStatus === "SUCCEEDED";
  return {
    deposit: {
      usdCents: order.depositCents,
      idr: order.depositIdr,
      state: paid || order.paymentStatus === "DEPOSIT_PAID" ? "paid" : "unpaid",
    },
    balance: {
      usdCents: order.totalCents - order.depositCents,
      idr: order.totalIdr - order.depositIdr,
      state: paid ? "paid" : order.balanceRequestedAt ? "requested" : "unpaid",
    },
  };
}

/** The order's page for the console; a 404 for an unknown id or one that is no order id. */
export async function adminOrder(id: string): Promise<OrderDetailAnswer> {
  const detail = await orderDetail(id);
  if (!detail) throw new AppError("not_found", "Order not found");
  const { order } = detail;
  const db = await getDb();
  const [refunds, templates, names, making] = await Promise.all([
    db
      .selectFrom("refunds")
      .leftJoin("paymentAttempts", "paymentAttempts.id", "refunds.paymentAttemptId")
      .select([
        "refunds.id",
        "refunds.amount",
        "refunds.currency",
        "refunds.status",
        "refunds.reason",
        "refunds.failureCode",
        "refunds.xenditRefundId",
        "refunds.createdAt",
        "refunds.way",
        "refunds.amountUsdCents",
        "refunds.reference",
        "refunds.arrivesBy",
        "refunds.note",
        "refunds.refundedAt",
        "paymentAttempts.attempt",
        "paymentAttempts.method",
      ])
      .where("refunds.orderId", "=", order.id)
      .orderBy("refunds.createdAt")
      .execute(),
    Promise.all(staffTemplateIds.map(async (templateId) => ({ id: templateId, ...(await prefilledEmail(templateId, order)) }))),
    staffNames(),
    orderMakingOf(order.id),
  ]);
  const address = order.shippingAddress;
  return {
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      createdAt: isoOf(order.createdAt),
      updatedAt: isoOf(order.updatedAt),
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      productName: order.productName,
      size: order.size,
      color: order.color,
      priceCents: order.priceCents,
      deliveryOption: order.deliveryOption,
      deliveryCostCents: order.deliveryCostCents,
      totalCents: order.totalCents,
      totalIdr: order.totalIdr,
      locale: order.locale,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      trackingUrl: order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber) : null,
      usdToIdrRate: order.usdToIdrRate,
      customOrderId: order.customOrderId,
      balanceRequestedAt: order.balanceRequestedAt ? isoOf(order.balanceRequestedAt) : null,
      shippingAddress: {
        fullName: address.fullName,
        email: address.email,
        phone: address.phone,
        addressLine1: address.addressLine1,
        addressLine2: address.addressLine2 ?? null,
        city: address.city,
        state: address.state ?? null,
        postalCode: address.postalCode ?? null,
        country: address.country,
      },
      refundState: isRefundState(order.refundState) ? order.refundState : null,
      refundedCents: order.refundedCents,
      refundedIdr: order.refundedIdr,
      returnedAt: order.returnedAt ? isoOf(order.returnedAt) : null,
    },
    parts: paymentParts(order),
    estimate: { quoted: windowOf(detail.estimate.quoted), fromPayment: windowOf(detail.estimate.fromPayment) },
    paidAt: detail.paidAt ? isoOf(detail.paidAt) : null,
    attempts: detail.attempts.map((a) => ({
      id: a.id,
      attempt: a.attempt,
      method: a.method,
      amount: a.amount,
      currency: a.currency,
      part: a.part,
      channelCode: a.channelCode,
      status: a.status,
      failureCode: a.failureCode,
      xenditRequestId: a.xenditRequestId,
      xenditPaymentId: a.xenditPaymentId,
      expiresAt: a.expiresAt ? isoOf(a.expiresAt) : null,
      flag: a.flag,
      flagKind: a.flagKind,
      createdAt: isoOf(a.createdAt),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      attempt: r.attempt,
      method: r.method,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      reason: r.reason,
      failureCode: r.failureCode,
      xenditRefundId: r.xenditRefundId,
      createdAt: isoOf(r.createdAt),
      way: isRefundWay(r.way) ? r.way : "XENDIT",
      amountUsdCents: r.amountUsdCents,
      reference: r.reference,
      arrivesBy: r.arrivesBy,
      note: r.note,
      refundedAt: r.refundedAt ? isoOf(r.refundedAt) : null,
    })),
    // People by their names: the lines and notes wrote down who by e-mail.
    history: detail.history.map((e) => ({ ...e, reason: withNames(names, e.reason), createdAt: isoOf(e.createdAt) })),
    // orderDetail reads the newest note first, as the old admin pages showed them; the console reads them in the order they were written.
    notes: [...detail.notes].reverse().map(({ staffId, author, ...n }) => ({
      ...n,
      author: shownName(names, staffId, author),
      createdAt: isoOf(n.createdAt),
    })),
    mails: detail.mails.map((m) => ({
      id: m.id,
      template: m.template,
      subject: m.subject,
      to: m.to,
      status: m.status,
      lastError: m.lastError,
      createdAt: isoOf(m.createdAt),
      sentAt: m.sentAt ? isoOf(m.sentAt) : null,
    })),
    changes: recordChanges(detail.audit, names),
    making,
    can: {
      markPaid: detail.can.markPaid,
      balance: detail.can.balance,
      moves: detail.can.moves,
      adjust: making === null && mayMarkForAdjusting(order),
    },
    templates,
  };
}

/** One e-mail of the order with its text; a 404 when the order has no such e-mail. */
export async function adminOrderMail(orderId: string, mailId: string): Promise<OrderMailAnswer> {
  const mail = await orderMail(orderId, mailId);
  if (!mail) throw new AppError("not_found", "E-mail not found");
  return {
    id: mail.id,
    orderId,
    orderNumber: mail.orderNumber,
    template: mail.template,
    subject: mail.subject,
    to: mail.to,
    locale: mail.locale,
    status: mail.status,
    lastError: mail.lastError,
    text: mail.text,
    createdAt: isoOf(mail.createdAt),
    sentAt: mail.sentAt ? isoOf(mail.sentAt) : null,
  };
}
