import { findChannel } from "./channels.ts";
import { invalid, XenditError } from "./errors.ts";
import type { PaymentSession } from "./types.ts";
import { isObject } from "./validate-create.ts";

/** A checked `POST /sessions` body: the session's own fields, plus what the request alone carries. */
export type SessionInput = Pick<
  PaymentSession,
  | "reference_id"
  | "amount"
  | "allowed_payment_channels"
  | "locale"
  | "metadata"
  | "description"
  | "items"
  | "success_return_url"
  | "cancel_return_url"
> & {
  customer: Record<string, unknown> | null;
  allow_save_payment_method: "DISABLED" | "OPTIONAL" | "FORCED";
  expiresAt: number;
};

const MINUTE = 60_000;
/** Xendit: "By default the Session will expire 30 minutes after creation." */
const SESSION_DEFAULT_EXPIRY_MS = 30 * MINUTE;
/** Xendit: expires_at "must be at least 10 minutes in the future". */
const SESSION_MIN_EXPIRY_MS = 10 * MINUTE;
/** The channels this sandbox's hosted checkout can take. */
const SESSION_CHANNELS = new Set(["CARDS"]);

const coded = (code: string, message: string) => new XenditError(400, code, message);
const required = (name: string) => invalid(`request/body must have required property '${name}'`);

/**
 * Checks a `POST /sessions` body with the error codes of Xendit's reference for Create a session:
 * API_VALIDATION_ERROR for shape, INVALID_AMOUNT, INVALID_CURRENCY, INVALID_COUNTRY, INVALID_URL,
 * INVALID_EXPIRY_DATE, INVALID_PAYMENT_CHANNEL, INVALID_METADATA, INVALID_CUSTOMER_ID,
 * MISSING_CUSTOMER, SESSION_TYPE_NOT_SUPPORTED, MODE_NOT_SUPPORTED. The sandbox simulates PAY
 * sessions in PAYMENT_LINK mode, in IDR for Indonesia, paid by card.
 * `httpReturnUrls` lets the sandbox built into a shop served over http take its return URLs.
 */
export function validateSession(body: unknown, now: number, options: { httpReturnUrls: boolean }): SessionInput {
  if (!isObject(body)) throw invalid("request/body must be object");
  for (const name of ["reference_id", "session_type", "currency", "amount", "mode", "country"]) {
    if (body[name] === undefined || body[name] === null) throw required(name);
  }
  const referenceId = body.reference_id;
  if (typeof referenceId !== "string" || referenceId.length < 1 || referenceId.length > 64)
    throw invalid("reference_id must be a string of 1 to 64 characters");

  if (!["SAVE", "PAY", "SUBSCRIPTION"].includes(String(body.session_type)))
    throw invalid("session_type must be one of SAVE, PAY, SUBSCRIPTION");
  if (body.session_type !== "PAY")
    throw coded("SESSION_TYPE_NOT_SUPPORTED", `session_type ${String(body.session_type)} is not supported by the sandbox`);
  if (!["PAYMENT_LINK", "COMPONENTS"].includes(String(body.mode))) throw invalid("mode must be one of PAYMENT_LINK, COMPONENTS");
  if (body.mode !== "PAYMENT_LINK") throw coded("MODE_NOT_SUPPORTED", `mode ${String(body.mode)} is not supported by the sandbox`);
  if (body.currency !== "IDR") throw coded("INVALID_CURRENCY", `currency ${String(body.currency)} is not supported by the sandbox: IDR`);
  if (body.country !== "ID") throw coded("INVALID_COUNTRY", `country ${String(body.country)} is not supported by the sandbox: ID`);
  if (body.capture_method !== undefined && !["AUTOMATIC", "MANUAL"].includes(String(body.capture_method)))
    throw invalid("capture_method must be one of AUTOMATIC, MANUAL");
  if (body.capture_method === "MANUAL") throw invalid("capture_method MANUAL is not supported by the sandbox");

  const amount = body.amount;
  if (typeof amount !== "number" || !Number.isFinite(amount)) throw invalid("amount must be number");
  if (amount <= 0) throw coded("INVALID_AMOUNT", "Amount must be greater than zero");
  if (!Number.isInteger(amount)) throw coded("INVALID_AMOUNT", "Amount must have no decimal places for IDR");

  const save = body.allow_save_payment_method ?? "DISABLED";
  if (save !== "DISABLED" && save !== "OPTIONAL" && save !== "FORCED")
    throw invalid("allow_save_payment_method must be one of DISABLED, OPTIONAL, FORCED");
  const customer = readCustomer(body);
  if (save !== "DISABLED" && !customer) throw coded("MISSING_CUSTOMER", "Customer object or customer_id is required");

  const channels = body.allowed_payment_channels ?? [];
  if (!Array.isArray(channels) || channels.some((c) => typeof c !== "string"))
    throw invalid("allowed_payment_channels must be an array of strings");
  const unknown = (channels as string[]).filter((c) => !findChannel(c) || !SESSION_CHANNELS.has(c));
  if (unknown.length > 0) {
    throw coded(
      "INVALID_PAYMENT_CHANNEL",
      `Channel(s) ${unknown.join(", ")} are not available. Please ensure that you have activated the necessary channels`,
    );
  }

  let expiresAt = now + SESSION_DEFAULT_EXPIRY_MS;
  if (body.expires_at !== undefined) {
    const at = typeof body.expires_at === "string" ? Date.parse(body.expires_at) : Number.NaN;
    if (Number.isNaN(at)) throw invalid("expires_at must be an ISO 8601 date-time");
    if (at < now + SESSION_MIN_EXPIRY_MS) throw coded("INVALID_EXPIRY_DATE", "expires_at must be at least 10 minutes in the future");
    expiresAt = at;
  }

  const urls = { success_return_url: null as string | null, cancel_return_url: null as string | null };
  for (const name of ["success_return_url", "cancel_return_url"] as const) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    if (!isReturnUrl(value, options.httpReturnUrls)) throw coded("INVALID_URL", "Please provide a valid HTTPS URL");
    urls[name] = value as string;
  }

  const metadata = body.metadata ?? null;
  if (metadata !== null) {
    if (!isObject(metadata)) throw coded("INVALID_METADATA", "metadata must be an object");
    const entries = Object.entries(metadata);
    if (entries.length > 20) throw coded("INVALID_METADATA", "Metadata must have at most 20 keys");
    for (const [key, value] of entries) {
      if (key.length > 40) throw coded("INVALID_METADATA", "Metadata key must have at most 40 characters");
      if (typeof value !== "string" || value.length > 80) throw coded("INVALID_METADATA", "Metadata value must have at most 80 characters");
    }
  }
  const description = body.description ?? null;
  if (description !== null && (typeof description !== "string" || description.length < 1 || description.length > 1000)) {
    throw invalid("description must be a string of 1 to 1000 characters");
  }
  const items = body.items ?? null;
  if (items !== null && !Array.isArray(items)) throw invalid("items must be an array");
  const locale = body.locale ?? "en";
  if (typeof locale !== "string" || !/^[a-z]{2}$/.test(locale)) throw invalid("locale must be an ISO 639-1 two-letter code");

  return {
    reference_id: referenceId,
    amount,
    customer,
    allow_save_payment_method: save,
    allowed_payment_channels: channels.length > 0 ? (channels as string[]) : [...SESSION_CHANNELS],
    expiresAt,
    locale,
    metadata: metadata as Record<string, unknown> | null,
    description: description as string | null,
    items: items as unknown[] | null,
    ...urls,
  };
}

/** `customer` as the reference describes it, or `customer_id` (none exist in the sandbox). */
function readCustomer(body: Record<string, unknown>): Record<string, unknown> | null {
  if (body.customer_id !== undefined) {
    if (typeof body.customer_id !== "string" || !body.customer_id.startsWith("cust-"))
      throw coded("INVALID_CUSTOMER_ID", 'Customer ID must start with "cust-"');
    throw new XenditError(404, "DATA_NOT_FOUND", "The customer ID provided in the request does not exist");
  }
  const customer = body.customer;
  if (customer === undefined || customer === null) return null;
  if (!isObject(customer)) throw invalid("customer must be object");
  if (customer.type !== "INDIVIDUAL") throw invalid("customer.type must be INDIVIDUAL");
  const ref = customer.reference_id;
  if (typeof ref !== "string" || !/^[A-Za-z0-9_-]{1,255}$/.test(ref))
    throw invalid("customer.reference_id must be 1 to 255 letters, digits, _ or -");
  if (
    customer.email !== undefined &&
    (typeof customer.email !== "string" || customer.email.length < 4 || customer.email.length > 50 || !customer.email.includes("@"))
  ) {
    throw invalid("customer.email must be an e-mail address of 4 to 50 characters");
  }
  if (
    customer.mobile_number !== undefined &&
    (typeof customer.mobile_number !== "string" || !/^\+[1-9]\d{1,49}$/.test(customer.mobile_number))
  ) {
    throw invalid("customer.mobile_number must be in E.164 format");
  }
  const detail = customer.individual_detail;
  if (!isObject(detail)) throw invalid("customer must have required property 'individual_detail'");
  for (const name of ["given_names", "surname"]) {
    const value = detail[name];
    if (name === "given_names" && value === undefined)
      throw invalid("customer.individual_detail must have required property 'given_names'");
    if (value !== undefined && (typeof value !== "string" || value.length < 1 || value.length > 50 || !/^[\p{L}\p{N} ]+$/u.test(value))) {
      throw invalid(`customer.individual_detail.${name} must be 1 to 50 letters, digits and spaces`);
    }
  }
  return customer;
}

function isReturnUrl(value: unknown, httpAllowed: boolean): boolean {
  if (typeof value !== "string" || value.length < 11 || value.length > 255) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (httpAllowed && url.protocol === "http:");
  } catch {
    return false;
  }
}
