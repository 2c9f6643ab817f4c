import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import type { PaymentRecord, ProviderStatus } from "@workshop/domain/payment-record.ts";
import { getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Row } from "#server/db/types.ts";

export type PaymentAttempt = Row<"paymentAttempts">;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const xenditIdPattern = /^(pr|py|ps)-[0-9a-zA-Z-]{1,60}$/;

/** An attempt by Xendit's payment request id (pr-…), payment session id (ps-…) or payment id (py-…). */
export async function attemptByXenditId(id: string): Promise<PaymentAttempt | null> {
  if (!xenditIdPattern.test(id)) return null;
  const db = await getDb();
  const row = await db
    .selectFrom("paymentAttempts")
    .selectAll()
    .where((eb) => eb.or([eb("xenditRequestId", "=", id), eb("xenditPaymentId", "=", id)]))
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The newest payment attempt of an order; inside a transaction, read through it (`on`). */
export async function latestAttempt(orderId: string, on?: Tx): Promise<PaymentAttempt | null> {
  if (!uuidPattern.test(orderId)) return null;
  const db = on ?? (await getDb());
  const row = await db
    .selectFrom("paymentAttempts")
    .selectAll()
    .where("orderId", "=", orderId)
    .orderBy("attempt", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The status the pages and the API speak of; an attempt not yet answered by Xendit is pending. */
export function providerStatus(attempt: PaymentAttempt): ProviderStatus {
  switch (attempt.status) {
    case "SUCCEEDED":
    case "FAILED":
    case "EXPIRED":
    case "CANCELLED":
      return attempt.status;
    case "ERROR":
      return "FAILED";
    default:
      return "PENDING";
  }
}

/** The Payment record of SPEC section 3 for an attempt: no customer details in it. */
export function paymentRecord(attempt: PaymentAttempt): PaymentRecord {
  const method = paymentMethodByCode(attempt.method);
  const expires_at = attempt.expiresAt?.toISOString() ?? null;
  const type = method?.type ?? "UNKNOWN";
  // A virtual account's name is the shop's `display_name`, which the payer's bank shows. A store
  // code's name at Xendit is the customer's, and the shop sends its own name there instead
  // (customers' details stay out of Xendit's screens): it names no payer, so none is given.
  const channel_properties =
    type === "VIRTUAL_ACCOUNT" && attempt.virtualAccountNumber
      ? { virtual_account_number: attempt.virtualAccountNumber, customer_name: attempt.displayName ?? "", expires_at }
      : type === "OVER_THE_COUNTER" && attempt.paymentCode
        ? { payment_code: attempt.paymentCode, customer_name: "", expires_at }
        : { expires_at };
  const status = providerStatus(attempt);
  return {
    id: attempt.xenditRequestId ?? attempt.id,
    reference_id: attempt.orderId,
    amount: attempt.amount,
    currency: attempt.currency,
    status,
    // A card that failed in a still open session leaves its reason on the attempt; it is no failure yet.
    failure_reason:
      status === "PENDING" || status === "SUCCEEDED"
        ? null
        : (attempt.failureCode ?? (status === "CANCELLED" ? "CANCELLED" : status === "EXPIRED" ? "PAYMENT_REQUEST_EXPIRED" : null)),
    payment_method: { type, channel_code: method?.logo === "BSS" ? "BSS" : attempt.method, channel_properties },
  };
}
