import { type Channel, channelCodes, findChannel, isRedirect } from "./channels.ts";
import { invalid, XenditError } from "./errors.ts";
import type { ChannelProperties } from "./types.ts";

export type CreateInput = {
  reference_id: string;
  request_amount: number;
  channel: Channel;
  channel_properties: ChannelProperties;
  description: string | null;
  metadata: Record<string, unknown> | null;
  expiresAt: number;
};

const formatter = new Intl.NumberFormat("en-US");

/**
 * Checks a `POST /v3/payment_requests` body the way Xendit does for the fields the shop sends.
 * Shape errors are 400 API_VALIDATION_ERROR; an amount outside the channel's limits is 400
 * INVALID_VALUE_ERROR (Xendit's code for a value that is well-formed but not allowed).
 */
export function validateCreate(body: unknown, now: number): CreateInput {
  if (!isObject(body)) throw invalid("The body must be a JSON object");
  const referenceId = body.reference_id;
  if (typeof referenceId !== "string" || referenceId.length < 1 || referenceId.length > 255) {
    throw invalid("reference_id is required: a string of 1 to 255 characters");
  }
  if (body.type !== "PAY") throw invalid("type must be PAY (the sandbox supports one-off payments only)");
  if (body.country !== "ID") throw invalid("country must be ID");
  if (body.currency !== "IDR") throw invalid("currency must be IDR");
  if (body.capture_method !== undefined && body.capture_method !== "AUTOMATIC") {
    throw invalid("capture_method must be AUTOMATIC (the sandbox does not support manual capture)");
  }

  const code = body.channel_code;
  const channel = typeof code === "string" ? findChannel(code) : undefined;
  if (!channel) throw invalid(`channel_code must be one of ${channelCodes.join(", ")}`);

  const amount = body.request_amount;
  if (typeof amount !== "number" || !Number.isFinite(amount)) throw invalid("request_amount is required: a number");
  if (!Number.isInteger(amount) || amount <= 0)
    throw invalid("request_amount must be a positive whole number of rupiah (IDR has no decimals)");
  if (amount < channel.min || amount > channel.max) {
    throw new XenditError(
      400,
      "INVALID_VALUE_ERROR",
      `request_amount ${formatter.format(amount)} is outside the ${channel.code} limits of ${formatter.format(channel.min)} to ${formatter.format(channel.max)} IDR`,
    );
  }

  const properties = body.channel_properties ?? {};
  if (!isObject(properties)) throw invalid("channel_properties must be an object");
  if (isRedirect(channel)) {
    for (const name of ["success_return_url", "failure_return_url"]) {
      if (!isHttpUrl(properties[name]))
        throw invalid(`channel_properties.${name} is required for ${channel.code}: an absolute http(s) URL`);
    }
  }
  // Xendit's v3 CARDS requests carry the card itself (channel_properties.card_details); the sandbox
  // takes no raw card data: cards are paid on a payment session's hosted checkout (POST /sessions).
  if (channel.code === "CARDS") {
    throw invalid(
      "channel_properties.card_details is required for CARDS; the sandbox takes no card data: use a payment session (POST /sessions)",
    );
  }
  for (const name of ["virtual_account_number", "payment_code", "display_name"]) {
    const value = properties[name];
    if (value !== undefined && (typeof value !== "string" || value.length < 1 || value.length > 64)) {
      throw invalid(`channel_properties.${name} must be a string of 1 to 64 characters`);
    }
  }
  if (typeof properties.virtual_account_number === "string" && !/^\d{6,20}$/.test(properties.virtual_account_number)) {
    throw invalid("channel_properties.virtual_account_number must be 6 to 20 digits");
  }

  let expiresAt = now + channel.expiresInMs;
  if (properties.expires_at !== undefined) {
    const at = typeof properties.expires_at === "string" ? Date.parse(properties.expires_at) : Number.NaN;
    if (Number.isNaN(at)) throw invalid("channel_properties.expires_at must be an ISO 8601 date-time");
    if (at <= now) throw invalid("channel_properties.expires_at must be in the future");
    expiresAt = at;
  }

  const description = body.description;
  if (
    description !== undefined &&
    description !== null &&
    (typeof description !== "string" || description.length < 1 || description.length > 1000)
  ) {
    throw invalid("description must be a string of 1 to 1000 characters");
  }
  const metadata = body.metadata;
  if (metadata !== undefined && metadata !== null) checkMetadata(metadata);

  return {
    reference_id: referenceId,
    request_amount: amount,
    channel,
    channel_properties: { ...properties, expires_at: new Date(expiresAt).toISOString() },
    description: typeof description === "string" ? description : null,
    metadata: isObject(metadata) ? metadata : null,
    expiresAt,
  };
}

function checkMetadata(metadata: unknown): asserts metadata is Record<string, unknown> {
  if (!isObject(metadata)) throw invalid("metadata must be an object");
  const entries = Object.entries(metadata);
  if (entries.length > 50) throw invalid("metadata may have at most 50 keys");
  for (const [key, value] of entries) {
    if (key.length > 40) throw invalid(`metadata key "${key.slice(0, 40)}…" is longer than 40 characters`);
    if (typeof value === "string" && value.length > 500) throw invalid(`metadata.${key} is longer than 500 characters`);
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
