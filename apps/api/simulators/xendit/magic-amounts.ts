import type { Channel } from "./channels.ts";
import { XenditError } from "./errors.ts";

/**
 * Xendit's test-mode amounts (reference §4). For e-wallets and QRIS, creating a request with
 * one of these fails at once; for cards, the hosted card page declines with the matching code.
 */
const creationFailures: Record<number, () => XenditError> = {
  10100: () => new XenditError(403, "CHANNEL_NOT_ACTIVATED", "The channel is not activated for this business (test amount 10100)"),
  10101: () => new XenditError(503, "CHANNEL_UNAVAILABLE", "The channel is temporarily unavailable (test amount 10101)"),
  10102: () => new XenditError(500, "SERVER_ERROR", "The channel answered with an internal error (test amount 10102)"),
};

export function creationFailureFor(channel: Channel, amount: number): XenditError | undefined {
  if (channel.kind !== "ewallet" && channel.kind !== "qris") return undefined;
  return creationFailures[amount]?.();
}

export const cardFailureByAmount: Readonly<Record<number, string>> = {
  10051: "EXPIRED_CARD",
  10052: "SUSPECTED_FRAUDULENT",
  10053: "DECLINED_BY_PROCESSOR",
  10054: "INSUFFICIENT_BALANCE",
  10055: "STOLEN_CARD",
  10056: "INACTIVE_OR_UNAUTHORIZED_CARD",
  10057: "PROCESSOR_ERROR",
  10058: "INVALID_CVV",
  10059: "DECLINED_BY_ISSUER",
};
