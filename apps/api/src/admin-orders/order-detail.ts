/**
 * Everything the console's order page shows (admin-order-view.ts), read in a handful of queries:
 * the order, its payment attempts, history, e-mails, staff notes and audit entries, and whether its
 * product still exists.
 */

import { productionDays } from "@workshop/domain/custom-quote.ts";
import { deliveryWindow, isDeliveryOptionId, makingDays } from "@workshop/domain/delivery.ts";
import { auditEntries } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import { mailListColumns } from "#server/mail/index.ts";
import { isOrderStatus, isPaymentStatus } from "#server/orders/status.ts";
import type { Order } from "#server/orders/types.ts";
import { allowedMoves, balanceRefusal, canMarkPaid } from "./order-rules.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is an order id at all (anything else is a 404 without a query). */
export function isOrderId(value: string | undefined): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}

/**
 * What a flag on a payment attempt means (src/payments/provider-updates.ts sets them), as a
 * key the page words in its language; the flag's own text stays beside it for the details.
 */
type FlagKind =
  | "paid-after-cancel"
  | "paid-twice"
  | "amount-mismatch"
  | "currency-mismatch"
  | "reference-mismatch"
  | "order-missing"
  | "other";

function flagKind(flag: string): FlagKind {
  if (flag.startsWith("paid after the order was cancelled")) return "paid-after-cancel";
  if (flag.startsWith("order already paid by another payment")) return "paid-twice";
  if (flag.startsWith("amount mismatch")) return "amount-mismatch";
  if (flag.startsWith("currency mismatch")) return "currency-mismatch";
  if (flag.startsWith("reference mismatch")) return "reference-mismatch";
  if (flag.startsWith("order not found")) return "order-missing";
  return "other";
}

type OrderAttempt = {
  id: string;
  attempt: number;
  method: string;
  channelCode: string;
  amount: number;
  currency: string;
  /** FULL, or a custom hat's DEPOSIT or BALANCE. */
  part: string;
  status: string;
  failureCode: string | null;
  xenditRequestId: string | null;
  xenditPaymentId: string | null;
  expiresAt: Date | null;
  flag: string | null;
  flagKind: FlagKind | null;
  createdAt: Date;
  updatedAt: Date;
};

type OrderMail = {
  id: number;
  template: string;
  subject: string;
  to: string;
  locale: string;
  status: string;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

export type OrderDetail = {
  order: Order;
  /** The product's page exists (the order keeps its snapshot either way). */
  productExists: boolean;
  /** Estimated delivery as the checkout quoted it (from the order's date), and from the payment once paid. */
  estimate: { quoted: { earliest: Date; latest: Date } | null; fromPayment: { earliest: Date; latest: Date } | null };
  paidAt: Date | null;
  attempts: OrderAttempt[];
  history: { id: number; status: string; paymentStatus: string; reason: string; createdAt: Date }[];
  mails: OrderMail[];
  notes: { id: number; staffId: number | null; author: string; text: string; createdAt: Date }[];
  audit: {
    id: number;
    staffId: number | null;
    actor: string;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    ip: string | null;
    createdAt: Date;
  }[];
  /** What staff may do now. */
  can: { markPaid: boolean; balance: boolean; moves: string[] };
};

/** The order page's data, or null when there is no such order. */
export async function orderDetail(id: string): Promise<OrderDetail | null> {
  if (!isOrderId(id)) return null;
  const db = await getDb();
  const order = await db.selectFrom("orders").selectAll().where("id", "=", id).limit(1).executeTakeFirst();
  if (!order) return null;
  const [product, attempts, history, mails, notes, audit] = await Promise.all([
    order.productId === null ? [] : db.selectFrom("products").select("id").where("id", "=", order.productId).limit(1).execute(),
    db.selectFrom("paymentAttempts").selectAll().where("orderId", "=", id).orderBy("attempt").execute(),
    db.selectFrom("orderEvents").selectAll().where("orderId", "=", id).orderBy("createdAt").orderBy("id").execute(),
    db.selectFrom("mailOutbox").select(mailListColumns).where("orderId", "=", id).orderBy("createdAt").orderBy("id").execute(),
    db
      .selectFrom("orderNotes")
      .select(["id", "staffId", "author", "text", "createdAt"])
      .where("orderId", "=", id)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .execute(),
    auditEntries({ recordType: "order", recordId: id }, 1, 200),
  ]);
  const paidAt =
    history.find((e) => e.paymentStatus === "SUCCEEDED")?.createdAt ?? (order.paymentStatus === "SUCCEEDED" ? order.createdAt : null);
  const known = isDeliveryOptionId(order.deliveryOption) ? order.deliveryOption : null;
  // A custom hat is made in its quote's production time, as its checkout promised.
  const quote =
    order.quoteId === null
      ? undefined
      : await db.selectFrom("customQuotes").select("productionTime").where("id", "=", order.quoteId).limit(1).executeTakeFirst();
  const making = quote ? productionDays(quote.productionTime) : makingDays;
  return {
    order,
    productExists: product.length > 0,
    estimate: {
      quoted: known ? deliveryWindow(known, order.createdAt, making) : null,
      fromPayment: known && paidAt ? deliveryWindow(known, paidAt, making) : null,
    },
    paidAt,
    attempts: attempts.map((a) => ({
      id: a.id,
      attempt: a.attempt,
      method: a.method,
      channelCode: a.channelCode,
      amount: a.amount,
      currency: a.currency,
      part: a.part,
      status: a.status,
      failureCode: a.failureCode,
      xenditRequestId: a.xenditRequestId,
      xenditPaymentId: a.xenditPaymentId,
      expiresAt: a.expiresAt,
      flag: a.flag,
      flagKind: a.flag ? flagKind(a.flag) : null,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
    })),
    history: history.map(({ id: eventId, status, paymentStatus, reason, createdAt }) => ({
      id: eventId,
      status,
      paymentStatus,
      reason,
      createdAt,
    })),
    mails,
    notes,
    audit: audit.entries.map((e) => ({
      id: e.id,
      staffId: e.staffId,
      actor: e.actor,
      action: e.action,
      before: e.before,
      after: e.after,
      ip: e.ip,
      createdAt: e.createdAt,
    })),
    can: {
      markPaid: canMarkPaid(order) === null,
      balance: balanceRefusal(order) === null,
      moves: isOrderStatus(order.status) && isPaymentStatus(order.paymentStatus) ? allowedMoves(order) : [],
    },
  };
}

/** One e-mail of an order as it was stored (the text version; the HTML is never shown as a page). */
export async function orderMail(orderId: string, mailId: string) {
  if (!isOrderId(orderId) || !/^\d{1,9}$/.test(mailId)) return null;
  const db = await getDb();
  const mail = await db
    .selectFrom("mailOutbox")
    .innerJoin("orders", "orders.id", "mailOutbox.orderId")
    .select([
      "mailOutbox.id",
      "mailOutbox.template",
      "mailOutbox.subject",
      "mailOutbox.to",
      "mailOutbox.locale",
      "mailOutbox.status",
      "mailOutbox.text",
      "mailOutbox.lastError",
      "mailOutbox.createdAt",
      "mailOutbox.sentAt",
      "orders.orderNumber",
    ])
    .where("mailOutbox.id", "=", Number(mailId))
    .where("mailOutbox.orderId", "=", orderId)
    .limit(1)
    .executeTakeFirst();
  return mail ?? null;
}
