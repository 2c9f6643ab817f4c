import { type PaymentMethod, paymentMethodByCode } from "@workshop/domain/payment-methods.ts";

/**
 * Which Xendit v3 channel takes each of the shop's payment methods (@workshop/domain/payment-methods.ts).
 * Cash in store and the sandbox test card never go to Xendit.
 */
const channelByMethod: Record<string, string> = {
  CARD: "CARDS",
  BCA: "BCA_VIRTUAL_ACCOUNT",
  BNI: "BNI_VIRTUAL_ACCOUNT",
  BRI: "BRI_VIRTUAL_ACCOUNT",
  MANDIRI: "MANDIRI_VIRTUAL_ACCOUNT",
  PERMATA: "PERMATA_VIRTUAL_ACCOUNT",
  BSI: "BSI_VIRTUAL_ACCOUNT",
  BJB: "BJB_VIRTUAL_ACCOUNT",
  CIMB: "CIMB_VIRTUAL_ACCOUNT",
  SAHABAT_SAMPOERNA: "BSS_VIRTUAL_ACCOUNT",
  INDOMARET: "INDOMARET",
  ALFAMART: "ALFAMART",
  QRIS: "QRIS",
  OVO: "OVO",
  DANA: "DANA",
  SHOPEEPAY: "SHOPEEPAY",
  LINKAJA: "LINKAJA",
  ASTRAPAY: "ASTRAPAY",
  KREDIVO: "KREDIVO",
  AKULAKU: "AKULAKU",
  ATOME: "ATOME",
  INDODANA: "INDODANA",
};

export function channelCodeOf(methodCode: string): string | null {
  return channelByMethod[methodCode] ?? null;
}

/** Whether a method is paid through Xendit (every method but cash in store and the test card). */
export function isPaidOnline(methodCode: string): boolean {
  return channelCodeOf(methodCode) !== null;
}

/**
 * The method a payment-request payload names, by the shop's code (BCA), Xendit's v3 channel code
 * (BCA_VIRTUAL_ACCOUNT) or the old app's names (CREDIT_CARD, ID_OVO): null when none fits.
 */
export function xenditMethodOf(channelCode: string): PaymentMethod | null {
  const code = channelCode.trim().toUpperCase();
  const byChannel = Object.entries(channelByMethod).find(([, channel]) => channel === code)?.[0];
  const candidates = [code, byChannel, code.replace(/^ID_/, ""), code === "CREDIT_CARD" || code === "CARDS" ? "CARD" : undefined];
  for (const candidate of candidates) {
    if (candidate && channelByMethod[candidate]) return paymentMethodByCode(candidate) ?? null;
  }
  return null;
}

/**
 * Methods paid on Xendit's hosted checkout (a Payment Session, docs/decisions/009) rather than by
 * a payment request: cards, whose v3 payment request would need the raw card number.
 */
export function usesSession(method: PaymentMethod): boolean {
  return method.type === "CARD";
}

/** A Payment Session's id (ps-…), as the attempt stores it in place of a payment request id. */
export function isSessionId(id: string | null | undefined): boolean {
  return typeof id === "string" && id.startsWith("ps-");
}

/** Methods where the customer leaves for a page of the provider (card form, wallet, pay-later). */
export function isRedirectMethod(method: PaymentMethod): boolean {
  return method.type === "CARD" || method.type === "EWALLET" || method.type === "PAYLATER";
}

/**
 * Whether Xendit refunds a channel's payments, as its channel pages say
 * (https://docs.xendit.co/docs/available-payment-channels and each channel's page): never for
 * virtual accounts, Indomaret, Alfamart and AstraPay; OVO "only for Merchant Initiated
 * Transaction", which the shop never makes; the full amount only for LinkAja and Kredivo.
 */
export function refundSupportOf(channelCode: string): "none" | "full" | "partial" {
  if (["LINKAJA", "KREDIVO"].includes(channelCode)) return "full";
  if (["CARDS", "QRIS", "DANA", "SHOPEEPAY", "AKULAKU", "ATOME", "INDODANA"].includes(channelCode)) return "partial";
  return "none";
}
