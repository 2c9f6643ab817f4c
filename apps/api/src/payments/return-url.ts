import { createHmac } from "node:crypto";
import { isLocale, localePath } from "@workshop/domain/locale.ts";
import { sessionSecret } from "#server/auth/session-secret.ts";
import { sameSecret } from "#server/auth/staff-token.ts";
import { config } from "#server/config.ts";

/** The signature of a return link: it names one attempt of one order and cannot be made up. */
function signature(orderId: string, attempt: number): string {
  return createHmac("sha256", sessionSecret()).update(`checkout-return:${orderId}:${attempt}`).digest("base64url");
}

/**
 * Where Xendit's page (card, e-wallet, pay-later) sends the customer back. The link is signed, so
 * the return finds the order without the checkout cookie (another browser, another host name).
 */
export function returnUrls(order: { id: string; locale: string }, attempt: number): { success: string; failure: string } {
  // The customer comes back to a page in the order's language.
  const path = localePath(isLocale(order.locale) ? order.locale : "en", "/checkout/return");
  const back = `${config().publicUrl}${path}?order_id=${order.id}&attempt=${attempt}&sig=${signature(order.id, attempt)}`;
  return { success: back, failure: `${back}&failed=1` };
}

/** Whether a return link's signature is the shop's own for this order and attempt. */
export function isSignedReturn(orderId: string, attempt: number, sig: string | null): boolean {
  return !!sig && sameSecret(sig, signature(orderId, attempt));
}
