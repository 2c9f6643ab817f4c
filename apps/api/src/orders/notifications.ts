import { config } from "#server/config.ts";
import { getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import {
  type CancelReason,
  type EnqueueMailInput,
  type EnqueueOptions,
  enqueueMail,
  enqueueMails,
  type MailContent,
  type RefundSentVars,
} from "#server/mail/index.ts";
import { orderMakingWorkingDays } from "#server/making/promised-dates.ts";
import { orderInLanguage, ordersInLanguage } from "./in-language.ts";
import type { Order } from "./types.ts";

/**
 * The e-mails an order's life sends. Each has a dedupe key, so a repeated event (a retried job,
 * a duplicate webhook) never mails the customer twice. Given the transaction that changed the
 * order, the mail exists exactly when the change does.
 */
export async function announceNewOrders(orders: readonly Order[], options: EnqueueOptions = {}): Promise<void> {
  const shopTo = config().SHOP_MAIL_TO;
  // The customer's mail names the hat in the customer's language; the shop's copy keeps the record's.
  const db = options.tx ?? (await getDb());
  const [theirs, makingDays] = await Promise.all([
    ordersInLanguage(orders, (o) => o.locale, options.tx),
    Promise.all(orders.map((order) => orderMakingWorkingDays(db, order))),
  ]);
  const mails = orders.flatMap((order, i): EnqueueMailInput[] => [
    {
      template: "order-received",
      vars: { order: theirs[i]!, makingWorkingDays: makingDays[i]! },
      dedupeKey: `order-received:${order.id}`,
      locale: order.locale,
      to: order.shippingAddress.email,
      orderId: order.id,
    },
    {
      template: "shop-new-order",
      vars: { order },
      dedupeKey: `shop-new-order:${order.id}`,
      locale: "en",
      to: shopTo,
      orderId: order.id,
    },
  ]);
  await enqueueMails(mails, options);
}

/** A mail about an order to its customer, in the order's language, written in `tx` when given. */
async function mailCustomer(order: Order, tx: Tx | undefined, dedupeKey: string, content: (theirs: Order) => MailContent): Promise<void> {
  const theirs = await orderInLanguage(order, order.locale, tx);
  await enqueueMail({ ...content(theirs), dedupeKey, locale: order.locale, to: order.shippingAddress.email, orderId: order.id }, { tx });
}

/** After a payment status change: confirmation when paid, a way to try again when it failed. */
export async function paymentStatusChanged(order: Order, tx?: Tx, detail: { expired?: boolean } = {}): Promise<void> {
  if (order.paymentStatus === "DEPOSIT_PAID") {
    await mailCustomer(order, tx, `deposit-received:${order.id}`, (o) => ({ template: "deposit-received", vars: { order: o } }));
  } else if (order.paymentStatus === "SUCCEEDED") {
    const makingWorkingDays = await orderMakingWorkingDays(tx ?? (await getDb()), order);
    await mailCustomer(order, tx, `payment-confirmed:${order.id}`, (o) => ({
      template: "payment-confirmed",
      vars: { order: o, makingWorkingDays },
    }));
  } else if (order.paymentStatus === "FAILED" && order.status !== "CANCELLED") {
    // One per failed attempt: a later attempt may fail again and deserves its own mail.
    await mailCustomer(order, tx, `payment-failed:${order.id}:${order.updatedAt.getTime()}`, (o) => ({
      template: "payment-failed",
      vars: { order: o, expired: detail.expired ?? false },
    }));
  }
}

/** A refund whose money went out (Xendit's success, or one made by hand): one mail per refund. */
export async function announceRefund(
  order: Order,
  refund: RefundSentVars["refund"] & { id: string },
  total: RefundSentVars["total"],
  tx?: Tx,
): Promise<void> {
  const { id, ...vars } = refund;
  await mailCustomer(order, tx, `refund-sent:${id}`, (o) => ({ template: "refund-sent", vars: { order: o, refund: vars, total } }));
}

export async function announceCancellation(order: Order, reason: CancelReason, tx?: Tx): Promise<void> {
  await mailCustomer(order, tx, `order-cancelled:${order.id}`, (o) => ({ template: "order-cancelled", vars: { order: o, reason } }));
}
