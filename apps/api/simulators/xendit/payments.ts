import { randomInt, randomUUID } from "node:crypto";
import { findChannel } from "./channels.ts";
import type { Payment, PaymentRequest } from "./types.ts";

/** The card a customer typed on the hosted page, reduced to what a payment may show. */
export type CardUsed = { number: string; holder: string; flow: "FULL_AUTH" | "FRICTIONLESS" };

export type PaymentOutcome =
  | { status: "SUCCEEDED"; amount: number; currency: string; card?: CardUsed }
  | { status: "FAILED"; failureCode: string; card?: CardUsed };

/** A payment (py-…) for one attempt at a request, as GET /v3/payments/:id and the webhooks show it. */
export function buildPayment(request: PaymentRequest, outcome: PaymentOutcome, at: string): Payment {
  const succeeded = outcome.status === "SUCCEEDED";
  const amount = succeeded ? outcome.amount : request.request_amount;
  const properties = { ...request.channel_properties };
  if (outcome.card) properties.card_details = cardDetails(outcome.card);
  return {
    payment_id: `py-${randomUUID()}`,
    business_id: request.business_id,
    reference_id: request.reference_id,
    payment_request_id: request.payment_request_id,
    type: request.type,
    country: request.country,
    currency: succeeded ? outcome.currency : request.currency,
    request_amount: amount,
    capture_method: request.capture_method,
    channel_code: request.channel_code,
    channel_properties: properties,
    captures: succeeded ? [{ capture_id: `cptr-${randomUUID()}`, capture_amount: amount, capture_timestamp: at }] : [],
    status: outcome.status,
    payment_details: paymentDetails(request, outcome.card),
    failure_code: succeeded ? null : outcome.failureCode,
    metadata: request.metadata,
    created: at,
    updated: at,
  };
}

function maskCardNumber(number: string): string {
  return `${number.slice(0, 6)}${"X".repeat(Math.max(0, number.length - 10))}${number.slice(-4)}`;
}

function cardNetwork(number: string): string {
  if (/^4/.test(number)) return "VISA";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "MASTERCARD";
  if (/^3[47]/.test(number)) return "AMEX";
  if (/^35/.test(number)) return "JCB";
  return "UNKNOWN";
}

function cardDetails(card: CardUsed) {
  return {
    masked_card_number: maskCardNumber(card.number),
    cardholder_name: card.holder || null,
    network: cardNetwork(card.number),
    type: "CREDIT",
    issuer: "XENDIT SANDBOX BANK",
    country: "ID",
  };
}

function paymentDetails(request: PaymentRequest, card: CardUsed | undefined): Record<string, unknown> {
  const receiptId = String(randomInt(100_000_000, 999_999_999));
  const channel = findChannel(request.channel_code);
  if (card) {
    return {
      issuer_name: "XENDIT SANDBOX BANK",
      network: cardNetwork(card.number),
      fund_source: "CREDIT",
      receipt_id: receiptId,
      authentication_data: { flow: card.flow },
    };
  }
  if (channel?.kind === "virtual_account") {
    const payerName = typeof request.channel_properties.display_name === "string" ? request.channel_properties.display_name : "Customer";
    return {
      issuer_name: channel.name.replace(/ Virtual Account$/, ""),
      payer_name: payerName,
      receipt_id: receiptId,
      remark: "Sandbox transfer",
    };
  }
  return { issuer_name: channel?.name ?? request.channel_code, receipt_id: receiptId };
}
