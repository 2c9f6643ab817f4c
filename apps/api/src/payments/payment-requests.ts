import { OVER_THE_COUNTER_CAP_IDR, OVER_THE_COUNTER_CAP_MESSAGE, type PaymentMethod } from "@workshop/domain/payment-methods.ts";
import { shop } from "@workshop/domain/shop.ts";
import { sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { changePaymentStatus } from "#server/orders/queries.ts";
import type { Order } from "#server/orders/types.ts";
import { amountDue, assertQuoteStillPayable } from "./amount-due.ts";
import { latestAttempt, type PaymentAttempt } from "./attempts.ts";
import { applyProviderUpdate, type ProviderUpdate, referenceIdOf, updateFromXenditStatus } from "./provider-updates.ts";
import { returnUrls } from "./return-url.ts";
import { channelCodeOf, isPaidOnline, isRedirectMethod, isSessionId, usesSession } from "./xendit/channels.ts";
import { type CreateSession, XenditError } from "./xendit/client.ts";
import { xendit } from "./xendit/connection.ts";

/** Where the customer goes once a payment request exists (SPEC section 4, After a payment request). */
export type NextStep = { kind: "redirect"; url: string } | { kind: "qr" } | { kind: "instructions" };

export type StartedPayment = { order: Order; attempt: PaymentAttempt; next: NextStep };

/**
 * An order can take a payment while it is placed and neither paid nor cancelled; a custom hat's
 * balance, once its deposit is paid and staff have sent the balance link, until it leaves the workshop.
 */
export function isPayable(order: Order): boolean {
  if (order.paymentStatus === "DEPOSIT_PAID")
    return order.balanceRequestedAt !== null && ["PROCESSING", "CONTACTED", "IN_PROGRESS"].includes(order.status);
  return order.status === "PENDING" && (order.paymentStatus === "PENDING" || order.paymentStatus === "FAILED");
}

/** A custom hat's deposit (or an order's whole price) can be paid now: not the balance after a deposit. */
export const depositPayable = (order: Order): boolean => order.paymentStatus !== "DEPOSIT_PAID" && isPayable(order);

/**
 * Starts paying an order with a Xendit method: one payment request per attempt, for the order's
 * own rupiah amount. Safe to repeat: while the order's newest attempt uses the same method and is
 * still open, it is returned instead of a new one (a double click, a reload, a retried request).
 */
export async function startPayment(orderId: string, method: PaymentMethod): Promise<StartedPayment> {
  const channelCode = channelCodeOf(method.code);
  if (!channelCode) throw new AppError("invalid", `Invalid payment method: ${method.code}`);
  const db = await getDb();

  const { order, attempt, reuse, previous } = await db.transaction().execute(async (tx) => {
    const order = await tx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().limit(1).executeTakeFirst();
    if (!order) throw new AppError("not_found", "Order not found");
    if (!isPayable(order))
      throw new AppError(
        "conflict",
        order.paymentStatus === "SUCCEEDED" ? "This order is already paid" : "This order can no longer be paid",
      );
    const due = amountDue(order);
    // A balance may be paid online whatever paid the deposit (cash included).
    if (!isPaidOnline(order.paymentMethod) && due.part !== "BALANCE") throw new AppError("conflict", "This order is paid in the workshop");
    if (due.part === "DEPOSIT") await assertQuoteStillPayable(tx, order);
    if (method.type === "OVER_THE_COUNTER" && due.amount > OVER_THE_COUNTER_CAP_IDR)
      throw new AppError("invalid", OVER_THE_COUNTER_CAP_MESSAGE);

    const newest = await latestAttempt(orderId, tx);
    const open =
      newest && (newest.status === "CREATING" || (newest.status === "PENDING" && (!newest.expiresAt || newest.expiresAt > new Date())));
    if (newest && open && newest.method === method.code && newest.part === due.part)
      return { order, attempt: newest, reuse: true, previous: null };

    const created = await tx
      .insertInto("paymentAttempts")
      .values({
        orderId,
        attempt: (newest?.attempt ?? 0) + 1,
        method: method.code,
        channelCode,
        amount: due.amount,
        part: due.part,
        currency: "IDR",
        status: "CREATING",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    let current = order;
    if (order.paymentStatus === "FAILED")
      current = (await changePaymentStatus(tx, order, "PENDING", `new payment attempt (${method.code})`)).order;
    if (current.paymentMethod !== method.code) {
      current = await tx
        .updateTable("orders")
        .set({ paymentMethod: method.code, updatedAt: sql`now()` })
        .where("id", "=", orderId)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return { order: current, attempt: created, reuse: false, previous: open ? newest : null };
  });

  if (reuse && attempt.status === "PENDING") return { order, attempt, next: nextStep(method, attempt) };
  // A method change: the older request must not be paid as well (best effort; a late payment is flagged).
  if (previous?.xenditRequestId) await cancelQuietly(previous);
  const created = await createAtXendit(order, attempt, method);
  return { order, attempt: created, next: nextStep(method, created) };
}

function nextStep(method: PaymentMethod, attempt: PaymentAttempt): NextStep {
  if (attempt.redirectUrl && isRedirectMethod(method)) return { kind: "redirect", url: attempt.redirectUrl };
  if (attempt.qrString) return { kind: "qr" };
  return { kind: "instructions" };
}

function channelProperties(order: Order, attempt: PaymentAttempt, method: PaymentMethod): Record<string, unknown> {
  if (isRedirectMethod(method)) {
    // The customer comes back to a page in the order's language.
    const back = returnUrls(order, attempt.attempt);
    return { success_return_url: back.success, failure_return_url: back.failure };
  }
  // The name on a bank or store slip is the shop's (v3's documented `display_name`): customer
  // details stay out of Xendit's screens.
  if (method.type === "VIRTUAL_ACCOUNT" || method.type === "OVER_THE_COUNTER") return { display_name: shop.name };
  // The QR page counts down 10 minutes: the code stops working when the page says so.
  if (method.type === "QR_CODE") return { expires_at: new Date(Date.now() + 10 * 60_000).toISOString() };
  return {};
}

/** What Xendit answered for a new attempt, in the attempt's terms. */
type Created = Pick<
  PaymentAttempt,
  "xenditRequestId" | "virtualAccountNumber" | "paymentCode" | "qrString" | "redirectUrl" | "displayName" | "expiresAt"
> & {
  /** Set when the answer is already final (e.g. a payment without customer action). */
  decided: Omit<ProviderUpdate, "source"> | null;
};

async function requestAtXendit(order: Order, attempt: PaymentAttempt, method: PaymentMethod): Promise<Created> {
  const referenceId = referenceIdOf(attempt);
  const answer = await xendit().createPaymentRequest(
    {
      reference_id: referenceId,
      type: "PAY",
      country: "ID",
      currency: "IDR",
      request_amount: attempt.amount,
      channel_code: attempt.channelCode,
      channel_properties: channelProperties(order, attempt, method),
      description: `${shop.name} order ${order.orderNumber}`,
      metadata: { order_number: order.orderNumber },
    },
    referenceId,
  );
  const action = (descriptor: string) => answer.actions?.find((a) => a.descriptor === descriptor)?.value ?? null;
  const props = answer.channel_properties ?? {};
  const text = (key: string) => (typeof props[key] === "string" ? (props[key] as string) : null);
  const open = answer.status === "REQUIRES_ACTION" || answer.status === "PENDING";
  return {
    xenditRequestId: answer.payment_request_id,
    virtualAccountNumber: action("VIRTUAL_ACCOUNT_NUMBER") ?? text("virtual_account_number"),
    paymentCode: action("PAYMENT_CODE") ?? text("payment_code"),
    qrString: action("QR_STRING"),
    redirectUrl: action("WEB_URL") ?? action("DEEPLINK_URL"),
    displayName: text("display_name"),
    expiresAt: text("expires_at") ? new Date(text("expires_at")!) : null,
    decided: open
      ? null
      : {
          status: updateFromXenditStatus(answer.status),
          failureCode: answer.failure_code,
          amount: answer.request_amount,
          currency: answer.currency ?? null,
        },
  };
}

async function sessionAtXendit(order: Order, attempt: PaymentAttempt): Promise<Created> {
  const back = returnUrls(order, attempt.attempt);
  const session = await xendit().createSession({
    reference_id: referenceIdOf(attempt),
    session_type: "PAY",
    mode: "PAYMENT_LINK",
    amount: attempt.amount,
    currency: "IDR",
    country: "ID",
    customer: sessionCustomer(order),
    allowed_payment_channels: [attempt.channelCode],
    capture_method: "AUTOMATIC",
    success_return_url: back.success,
    cancel_return_url: back.failure,
    description: `${shop.name} order ${order.orderNumber}`,
    metadata: { order_number: order.orderNumber },
  });
  return {
    xenditRequestId: session.payment_session_id,
    virtualAccountNumber: null,
    paymentCode: null,
    qrString: null,
    redirectUrl: session.payment_link_url,
    displayName: null,
    expiresAt: session.expires_at ? new Date(session.expires_at) : null,
    decided: null,
  };
}

/**
 * The card holder as Xendit's session takes it: names alphanumeric (letters of any script and
 * spaces kept, at most 50), the phone only when it is already E.164, one customer per order.
 */
export function sessionCustomer(order: Order): CreateSession["customer"] {
  const { fullName, email, phone } = order.shippingAddress;
  const words = fullName
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} ]+/gu, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const given = words.length > 1 ? words.slice(0, -1).join(" ") : (words[0] ?? "");
  const surname = words.length > 1 ? words.at(-1)! : undefined;
  const mobile = phone.replace(/[\s().-]/g, "");
  return {
    reference_id: `order${order.id.replace(/-/g, "")}`,
    type: "INDIVIDUAL",
    ...(email.length >= 4 && email.length <= 50 ? { email } : {}),
    ...(/^\+[1-9]\d{7,14}$/.test(mobile) ? { mobile_number: mobile } : {}),
    individual_detail: { given_names: (given || "Customer").slice(0, 50), ...(surname ? { surname: surname.slice(0, 50) } : {}) },
  };
}

async function createAtXendit(order: Order, attempt: PaymentAttempt, method: PaymentMethod): Promise<PaymentAttempt> {
  let created: Created;
  try {
    created = usesSession(method) ? await sessionAtXendit(order, attempt) : await requestAtXendit(order, attempt, method);
  } catch (error) {
    // A network failure may have reached Xendit: keep CREATING, so a retry reuses the key.
    const definite = error instanceof XenditError && error.code !== "NETWORK_ERROR" && error.status < 500;
    if (definite) await markError(attempt, error.code);
    if (error instanceof XenditError) {
      throw new AppError(error.status < 500 ? "invalid" : "unavailable", error.message, { code: error.code });
    }
    throw error;
  }
  const db = await getDb();
  const { decided, ...fields } = created;
  // Saved under the order's lock, as startPayment reads it: another method chosen at the same
  // moment either sees this request (and cancels it) or is seen here.
  const { saved, superseded } = await db.transaction().execute(async (tx) => {
    await tx.selectFrom("orders").select("id").where("id", "=", attempt.orderId).forUpdate().execute();
    const saved = await tx
      .updateTable("paymentAttempts")
      .set({ ...fields, status: "PENDING", checkedAt: sql`now()`, updatedAt: sql`now()` })
      .where("id", "=", attempt.id)
      .where("status", "=", "CREATING")
      .returningAll()
      .executeTakeFirst();
    const newer = await tx
      .selectFrom("paymentAttempts")
      .select("id")
      .where("orderId", "=", attempt.orderId)
      .where("attempt", ">", attempt.attempt)
      .limit(1)
      .executeTakeFirst();
    return { saved, superseded: !!newer };
  });
  if (saved && superseded) {
    // A newer attempt started while this one was being created could not cancel it: it must not
    // stay payable beside the newer one.
    await cancelQuietly(saved);
    throw new AppError("conflict", "Another payment method was chosen for this order meanwhile");
  }
  if (!saved) {
    // Someone else finished this attempt meanwhile (a parallel request with the same key).
    const row = await db.selectFrom("paymentAttempts").selectAll().where("id", "=", attempt.id).executeTakeFirst();
    return row!;
  }
  if (decided) {
    const applied = await applyProviderUpdate(saved.xenditRequestId!, { ...decided, source: "create" });
    return applied.attempt ?? saved;
  }
  return saved;
}

async function markError(attempt: PaymentAttempt, code: string) {
  const db = await getDb();
  await db
    .updateTable("paymentAttempts")
    .set({ status: "ERROR", failureCode: code, updatedAt: sql`now()` })
    .where("id", "=", attempt.id)
    .execute();
}

async function cancelQuietly(attempt: PaymentAttempt) {
  try {
    if (isSessionId(attempt.xenditRequestId)) await xendit().cancelSession(attempt.xenditRequestId!);
    else await xendit().cancelPaymentRequest(attempt.xenditRequestId!);
    const db = await getDb();
    await db
      .updateTable("paymentAttempts")
      .set({ status: "CANCELLED", updatedAt: sql`now()` })
      .where("id", "=", attempt.id)
      .where("status", "=", "PENDING")
      .execute();
  } catch (error) {
    // Already paid or expired: the webhook or the reconciliation job brings that news.
    console.warn(`Could not cancel payment request ${attempt.xenditRequestId}:`, error instanceof Error ? error.message : error);
  }
}

/** The page a customer goes to once the payment request exists. */
export function nextUrl({ attempt, next }: Pick<StartedPayment, "attempt" | "next">): string {
  if (next.kind === "redirect") return next.url;
  const query = `order_id=${attempt.orderId}&payment_id=${encodeURIComponent(attempt.xenditRequestId ?? "")}`;
  return next.kind === "qr" ? `/checkout/qr?${query}` : `/checkout/payment-instructions?${query}`;
}
